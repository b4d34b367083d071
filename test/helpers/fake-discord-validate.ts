/**
 * The subset of Discord's request validation that a bot realistically trips over: message and
 * embed length limits, empty messages, autocomplete choice limits. Errors use Discord's shapes
 * (50035 "Invalid Form Body" with nested `_errors`, 50006 empty message) so the bot's error
 * handling sees what it would see in production.
 */
import type { Json } from './fake-discord-types.js';

export interface ApiError {
  status: number;
  body: Json;
}

export const apiError = (status: number, code: number, message: string): ApiError => ({ status, body: { message, code } });
export const asJson = (body: unknown): Json => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : {});

type Path = Array<string | number>;
interface FieldError {
  path: Path;
  code: string;
  message: string;
}

const maxLength = (path: Path, value: unknown, max: number): FieldError[] =>
  typeof value === 'string' && value.length > max
    ? [{ path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` }]
    : [];

const required = (path: Path, value: unknown): FieldError[] =>
  typeof value !== 'string' || value.length === 0
    ? [{ path, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }]
    : [];

function formError(errors: FieldError[]): ApiError | undefined {
  if (errors.length === 0) return undefined;
  const tree: Json = {};
  for (const error of errors) {
    let node = tree;
    for (const key of error.path) {
      node = (node[String(key)] ??= {}) as Json;
    }
    ((node._errors ??= []) as unknown[]).push({ code: error.code, message: error.message });
  }
  return { status: 400, body: { message: 'Invalid Form Body', code: 50035, errors: tree } };
}

function embedErrors(embeds: unknown): FieldError[] {
  if (!Array.isArray(embeds)) return [];
  const errors: FieldError[] = [];
  if (embeds.length > 10) errors.push({ path: ['embeds'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 10 or fewer in length.' });
  let total = 0;
  embeds.forEach((raw: unknown, i) => {
    const embed = (raw ?? {}) as Json;
    const author = (embed.author ?? {}) as Json;
    const footer = (embed.footer ?? {}) as Json;
    errors.push(
      ...maxLength(['embeds', i, 'title'], embed.title, 256),
      ...maxLength(['embeds', i, 'description'], embed.description, 4096),
      ...maxLength(['embeds', i, 'author', 'name'], author.name, 256),
      ...maxLength(['embeds', i, 'footer', 'text'], footer.text, 2048),
    );
    for (const text of [embed.title, embed.description, author.name, footer.text]) {
      if (typeof text === 'string') total += text.length;
    }
    const fields = Array.isArray(embed.fields) ? (embed.fields as Json[]) : [];
    if (fields.length > 25) {
      errors.push({ path: ['embeds', i, 'fields'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' });
    }
    fields.forEach((field, j) => {
      errors.push(
        ...required(['embeds', i, 'fields', j, 'name'], field.name),
        ...required(['embeds', i, 'fields', j, 'value'], field.value),
        ...maxLength(['embeds', i, 'fields', j, 'name'], field.name, 256),
        ...maxLength(['embeds', i, 'fields', j, 'value'], field.value, 1024),
      );
      if (typeof field.name === 'string') total += field.name.length;
      if (typeof field.value === 'string') total += field.value.length;
    });
  });
  if (total > 6000) {
    errors.push({ path: ['embeds'], code: 'MAX_EMBED_SIZE_EXCEEDED', message: 'Embed size exceeds maximum size of 6000' });
  }
  return errors;
}

function componentErrors(components: unknown): FieldError[] {
  if (!Array.isArray(components)) return [];
  const errors: FieldError[] = [];
  // Walk every nested component: custom_id is limited to 100 chars wherever it appears.
  const visit = (node: unknown, path: Path): void => {
    if (!node || typeof node !== 'object') return;
    const component = node as Json;
    errors.push(...maxLength([...path, 'custom_id'], component.custom_id, 100));
    errors.push(...maxLength([...path, 'label'], component.label, 80));
    if (Array.isArray(component.components)) {
      component.components.forEach((child: unknown, i) => visit(child, [...path, 'components', i]));
    }
  };
  components.forEach((c: unknown, i) => visit(c, ['components', i]));
  return errors;
}

/** Validates a message create/edit body. `isCreate` adds the "empty message" rule. */
export function validateMessageBody(body: Json, fileCount: number, isCreate: boolean): ApiError | undefined {
  const invalid = formError([
    ...maxLength(['content'], body.content, 2000),
    ...embedErrors(body.embeds),
    ...componentErrors(body.components),
  ]);
  if (invalid) return invalid;
  if (isCreate) {
    const hasContent = typeof body.content === 'string' && body.content.length > 0;
    const hasEmbeds = Array.isArray(body.embeds) && body.embeds.length > 0;
    const hasComponents = Array.isArray(body.components) && body.components.length > 0;
    const hasStickers = Array.isArray(body.sticker_ids) && body.sticker_ids.length > 0;
    if (!hasContent && !hasEmbeds && !hasComponents && !hasStickers && !body.poll && fileCount === 0) {
      return { status: 400, body: { message: 'Cannot send an empty message', code: 50006 } };
    }
  }
  return undefined;
}

export function validateAutocompleteChoices(choices: unknown): ApiError | undefined {
  if (!Array.isArray(choices)) return formError([{ path: ['data', 'choices'], code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }]);
  const errors: FieldError[] = [];
  if (choices.length > 25) {
    errors.push({ path: ['data', 'choices'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' });
  }
  choices.forEach((raw: unknown, i) => {
    const choice = (raw ?? {}) as Json;
    errors.push(...required(['data', 'choices', i, 'name'], choice.name), ...maxLength(['data', 'choices', i, 'name'], choice.name, 100));
    errors.push(...maxLength(['data', 'choices', i, 'value'], choice.value, 100));
  });
  return formError(errors);
}

/** A single-field 400 in Discord's "Invalid Form Body" shape. */
export function invalidForm(path: Path, code: string, message: string): ApiError {
  return formError([{ path, code, message }])!;
}

// Discord's rule for command and option names (lowercase is checked separately).
const COMMAND_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

function optionErrors(options: unknown, path: Path): FieldError[] {
  if (options === undefined) return [];
  if (!Array.isArray(options)) return [{ path, code: 'LIST_TYPE_CONVERT', message: 'Only iterables may be used in a ListType' }];
  const errors: FieldError[] = [];
  if (options.length > 25) errors.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' });
  let sawOptional = false;
  const names = new Set<string>();
  options.forEach((raw: unknown, i) => {
    const option = (raw ?? {}) as Json;
    const here = [...path, i];
    errors.push(...nameErrors(option.name, [...here, 'name']));
    errors.push(...required([...here, 'description'], option.description), ...maxLength([...here, 'description'], option.description, 100));
    if (typeof option.name === 'string') {
      if (names.has(option.name)) errors.push({ path: [...here, 'name'], code: 'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS', message: 'Option names must be unique' });
      names.add(option.name);
    }
    const isSub = option.type === 1 || option.type === 2;
    if (!isSub) {
      if (option.required === true && sawOptional) {
        errors.push({ path: [...here, 'required'], code: 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID', message: 'Required options must be placed before non-required options' });
      }
      if (option.required !== true) sawOptional = true;
    }
    if (Array.isArray(option.choices) && option.choices.length > 25) {
      errors.push({ path: [...here, 'choices'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' });
    }
    if (isSub) errors.push(...optionErrors(option.options, [...here, 'options']));
  });
  return errors;
}

function nameErrors(name: unknown, path: Path): FieldError[] {
  if (typeof name !== 'string' || !COMMAND_NAME.test(name) || name !== name.toLowerCase()) {
    return [{ path, code: 'APPLICATION_COMMAND_INVALID_NAME', message: `Command name is invalid` }];
  }
  return [];
}

/** Validates command registration bodies (PUT takes a list; POST a single command). */
export function validateCommands(commands: Json[]): ApiError | undefined {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  commands.forEach((command, i) => {
    const type = typeof command.type === 'number' ? command.type : 1;
    errors.push(...(type === 1 ? nameErrors(command.name, [i, 'name']) : required([i, 'name'], command.name)));
    if (type === 1) {
      errors.push(...required([i, 'description'], command.description), ...maxLength([i, 'description'], command.description, 100));
      errors.push(...optionErrors(command.options, [i, 'options']));
    }
    const key = `${type}:${String(command.name)}`;
    if (seen.has(key)) errors.push({ path: [i, 'name'], code: 'APPLICATION_COMMANDS_DUPLICATE_NAME', message: `Application command names must be unique` });
    seen.add(key);
  });
  return formError(errors);
}
