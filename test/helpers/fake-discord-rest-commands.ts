/**
 * Application command registration: GET/PUT/POST/DELETE of global and guild commands. Bodies are
 * validated like Discord does (names, descriptions, option order) so a broken deploy fails in
 * tests, and echoed back with stable ids so later interactions can carry the registered id.
 */
import { snowflake } from './fake-discord-payloads.js';
import type { FakeDiscordState } from './fake-discord-state.js';
import { numberField } from './fake-discord-state.js';
import type { Json } from './fake-discord-types.js';
import { apiError, asJson, validateCommands } from './fake-discord-validate.js';
import type { ApiError } from './fake-discord-validate.js';
import type { Route, RouteContext, RouteResult } from './fake-discord-rest.js';

export function commandRoutes(): Route[] {
  const routes: Route[] = [];
  // The same handlers serve global (`/applications/:app/commands`) and guild-scoped commands.
  for (const prefix of ['/applications/:appId/commands', '/applications/:appId/guilds/:guildId/commands']) {
    const scopeOf = (ctx: RouteContext): { scope: string; guildId?: string } | ApiError => {
      if (ctx.params.appId !== ctx.state.applicationId) return apiError(403, 50001, 'Missing Access');
      const guildId = ctx.params.guildId;
      if (guildId === undefined) return { scope: 'global' };
      if (!ctx.state.guilds.has(guildId)) return apiError(403, 50001, 'Missing Access');
      return { scope: guildId, guildId };
    };
    const withScope = (fn: (ctx: RouteContext, scope: string, guildId?: string) => RouteResult) => (ctx: RouteContext) => {
      const scope = scopeOf(ctx);
      return 'status' in scope ? scope : fn(ctx, scope.scope, scope.guildId);
    };

    routes.push(
      {
        method: 'GET',
        path: prefix,
        auth: true,
        handle: withScope((ctx, scope) => ({ status: 200, body: ctx.state.commands.get(scope) ?? [] })),
      },
      {
        method: 'PUT',
        path: prefix,
        auth: true,
        handle: withScope((ctx, scope, guildId) => {
          if (!Array.isArray(ctx.body)) return apiError(400, 50035, 'Invalid Form Body');
          const bodies = ctx.body.map(asJson);
          const invalid = validateCommands(bodies);
          if (invalid) return invalid;
          const registered = bodies.map((body) => echoCommand(ctx.state, body, scope, guildId));
          ctx.state.commands.set(scope, registered);
          return { status: 200, body: registered };
        }),
      },
      {
        method: 'POST',
        path: prefix,
        auth: true,
        handle: withScope((ctx, scope, guildId) => {
          const body = asJson(ctx.body);
          const invalid = validateCommands([body]);
          if (invalid) return invalid;
          const command = echoCommand(ctx.state, body, scope, guildId);
          const others = (ctx.state.commands.get(scope) ?? []).filter((c) => c.id !== command.id);
          ctx.state.commands.set(scope, [...others, command]);
          return { status: 201, body: command };
        }),
      },
      {
        method: 'DELETE',
        path: `${prefix}/:commandId`,
        auth: true,
        handle: withScope((ctx, scope) => {
          const list = ctx.state.commands.get(scope) ?? [];
          if (!list.some((c) => c.id === ctx.params.commandId)) return apiError(404, 10063, 'Unknown application command');
          ctx.state.commands.set(scope, list.filter((c) => c.id !== ctx.params.commandId));
          return { status: 204 };
        }),
      },
    );
  }
  return routes;
}

/** Echoes a registered command with the server-side fields Discord adds; ids are stable per name. */
function echoCommand(state: FakeDiscordState, body: Json, scope: string, guildId: string | undefined): Json {
  const type = numberField(body.type) ?? 1;
  const key = `${scope}:${type}:${String(body.name)}`;
  let id = state.commandIds.get(key);
  if (!id) {
    id = snowflake();
    state.commandIds.set(key, id);
  }
  return {
    ...body,
    id,
    application_id: state.applicationId,
    version: snowflake(),
    type,
    description: body.description ?? '',
    default_member_permissions: body.default_member_permissions ?? null,
    nsfw: body.nsfw ?? false,
    ...(guildId ? { guild_id: guildId } : {}),
  };
}
