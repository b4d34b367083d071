import { REST, Routes } from 'discord.js';
import { COMMANDS } from '../commands/index';
import { ConfigError, loadConfig } from './config';

/**
 * Register the slash commands (discord.js guide: a separate script, run when definitions
 * change). With DISCORD_DEV_GUILD_ID, to that guild only (instant, for development);
 * with --global, to every server (takes up to an hour to propagate).
 */
async function deploy(): Promise<number> {
  let config;
  try { config = loadConfig(); } catch (e) {
    if (e instanceof ConfigError) { process.stderr.write(`${e.message}\n`); return 2; }
    throw e;
  }
  const global = process.argv.includes('--global');
  if (!config.discordToken || !config.applicationId) {
    process.stderr.write('Set DISCORD_TOKEN and DISCORD_APPLICATION_ID to register commands.\n');
    return 2;
  }
  if (!global && !config.devGuildId) {
    process.stderr.write('Set DISCORD_DEV_GUILD_ID to register to one guild, or pass --global to register everywhere.\n');
    return 2;
  }
  const rest = new REST(config.restApi ? { api: config.restApi } : {}).setToken(config.discordToken);
  const body = COMMANDS.map((c) => c.data.toJSON());
  const route = global ? Routes.applicationCommands(config.applicationId) : Routes.applicationGuildCommands(config.applicationId, config.devGuildId!);
  const result = (await rest.put(route, { body })) as unknown[];
  process.stdout.write(`Registered ${result.length} command(s) ${global ? 'globally' : `to guild ${config.devGuildId}`}: ${body.map((c) => `/${c.name}`).join(', ')}\n`);
  return 0;
}

deploy().then((code) => { process.exitCode = code; }, (e) => {
  process.stderr.write(`Command registration failed: ${(e as Error).message}\n`);
  process.exitCode = 1;
});
