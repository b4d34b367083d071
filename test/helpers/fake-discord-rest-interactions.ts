/**
 * Interaction responses: `POST /interactions/{id}/{token}/callback` and the interaction webhook
 * (`/webhooks/{app}/{token}[/messages/{id|@original}]`). Every call is appended to the
 * interaction's history so tests can assert on exactly what the bot did, in order.
 *
 * Discord behaviours modelled here because bots get them wrong:
 *  - the initial callback must arrive within 3 s (configurable) and only once (40060);
 *  - the callback type must suit the interaction (8 only for autocomplete, 6/7 only for components);
 *  - webhook calls before the callback fail with Unknown Webhook;
 *  - the first follow-up after a deferred reply fills in the "thinking" message and keeps the
 *    defer's ephemeral flag, instead of creating a new message.
 */
import type { APIApplicationCommandOptionChoice, APIMessage } from 'discord.js';
import { EPHEMERAL, LOADING, numberField, realTime } from './fake-discord-state.js';
import type { InteractionRecord } from './fake-discord-state.js';
import type { InteractionEvent, InteractionEventKind, Json, StoredMessage } from './fake-discord-types.js';
import { apiError, asJson, invalidForm, validateAutocompleteChoices, validateMessageBody } from './fake-discord-validate.js';
import type { Route, RouteContext, RouteResult } from './fake-discord-rest.js';

const DEFAULT_CALLBACK_DEADLINE_MS = 3_000;

/** Callback types allowed per interaction type (2 command, 3 component, 4 autocomplete, 5 modal submit). */
const ALLOWED_CALLBACKS: Record<number, number[]> = {
  2: [4, 5, 9, 12],
  3: [4, 5, 6, 7, 9],
  4: [8],
  5: [4, 5, 6, 7],
};

export function interactionRoutes(): Route[] {
  const open = (method: string, path: string, handle: Route['handle']): Route => ({ method, path, auth: false, handle });
  return [
    open('POST', '/interactions/:interactionId/:token/callback', handleCallback),
    open('POST', '/webhooks/:appId/:token', (ctx) => withWebhook(ctx, handleFollowUp)),
    open('GET', '/webhooks/:appId/:token/messages/:messageId', (ctx) => withWebhook(ctx, handleFetch)),
    open('PATCH', '/webhooks/:appId/:token/messages/:messageId', (ctx) => withWebhook(ctx, handleEdit)),
    open('DELETE', '/webhooks/:appId/:token/messages/:messageId', (ctx) => withWebhook(ctx, handleDelete)),
  ];
}

function event(
  ctx: RouteContext,
  kind: InteractionEventKind,
  data: Json,
  message: StoredMessage | undefined,
  extra: Partial<InteractionEvent> = {},
): InteractionEvent {
  const flags = message ? (numberField(message.message.flags) ?? 0) : (numberField(data.flags) ?? 0);
  return {
    kind,
    data,
    content: typeof data.content === 'string' ? data.content : undefined,
    embeds: Array.isArray(data.embeds) ? (data.embeds as InteractionEvent['embeds']) : [],
    components: Array.isArray(data.components) ? data.components : [],
    flags,
    ephemeral: message ? message.ephemeral : (flags & EPHEMERAL) !== 0,
    attachments: ctx.files,
    request: ctx.request,
    ...(message ? { messageId: message.message.id } : {}),
    ...extra,
  };
}

function replyMessage(ctx: RouteContext, record: InteractionRecord, body: Json, flags: number): StoredMessage {
  const { state } = ctx;
  return state.createMessage({
    channelId: record.channelId,
    ...(record.guildId ? { guildId: record.guildId } : {}),
    author: state.botUser,
    body,
    files: ctx.files,
    // Replies to commands are "chat input command" messages; replies to components are replies.
    type: record.type === 2 ? 20 : 19,
    source: 'interaction',
    flags,
    interactionId: record.id,
    extra: {
      webhook_id: state.applicationId,
      application_id: state.applicationId,
      interaction_metadata: {
        id: record.id,
        type: record.type,
        user: (record.payload.member as Json | undefined)?.user ?? record.payload.user,
        authorizing_integration_owners: record.payload.authorizing_integration_owners,
      },
    } as unknown as Partial<APIMessage>,
  });
}

function handleCallback(ctx: RouteContext): RouteResult {
  const { state, params } = ctx;
  const record = state.interactions.get(params.interactionId!);
  if (!record || record.token !== params.token) return apiError(404, 10062, 'Unknown interaction');
  if (record.callback) return apiError(400, 40060, 'Interaction has already been acknowledged.');
  const deadline = state.options.interactionCallbackDeadlineMs ?? DEFAULT_CALLBACK_DEADLINE_MS;
  if (realTime.now() - record.createdAt > deadline) return apiError(404, 10062, 'Unknown interaction');

  const body = asJson(ctx.body);
  const type = numberField(body.type);
  const data = asJson(body.data);
  if (type === undefined || !(ALLOWED_CALLBACKS[record.type] ?? []).includes(type)) {
    return invalidForm(['type'], 'INTERACTION_RESPONSE_TYPE_INVALID', `Interaction response type ${String(body.type)} is invalid for interaction type ${record.type}`);
  }

  let message: StoredMessage | undefined;
  const extra: Partial<InteractionEvent> = { callbackType: type };
  switch (type) {
    case 4: {
      const invalid = validateMessageBody(data, ctx.files.length, true);
      if (invalid) return prefixErrors(invalid);
      message = replyMessage(ctx, record, data, (numberField(data.flags) ?? 0) & (EPHEMERAL | 4 | 4096 | 32768));
      record.originalMessageId = message.message.id;
      break;
    }
    case 5: {
      // The "Bot is thinking..." placeholder: empty, loading, ephemeral if the defer said so.
      message = replyMessage(ctx, record, {}, ((numberField(data.flags) ?? 0) & EPHEMERAL) | LOADING);
      record.originalMessageId = message.message.id;
      break;
    }
    case 6:
    case 7: {
      record.originalMessageId = record.componentMessageId;
      message = record.original;
      if (type === 7) {
        const invalid = validateMessageBody(data, ctx.files.length, false);
        if (invalid) return prefixErrors(invalid);
        if (message) state.editMessage(message, data, ctx.files);
      }
      break;
    }
    case 8: {
      const invalid = validateAutocompleteChoices(data.choices);
      if (invalid) return invalid;
      extra.choices = data.choices as APIApplicationCommandOptionChoice[];
      break;
    }
    default:
      break;
  }
  record.events.push(event(ctx, 'callback', data, message, extra));
  state.mark(record.id, 'callbackDone');
  record.callbackArrived();
  if (type === 4 && message?.ephemeral) state.answeredPrivately(record);

  if (ctx.query.with_response !== 'true') return { status: 204 };
  return {
    status: 200,
    body: {
      interaction: {
        id: record.id,
        type: record.type,
        response_message_id: message?.message.id,
        response_message_loading: type === 5,
        response_message_ephemeral: message?.ephemeral ?? false,
      },
      resource: { type, ...(message ? { message: message.message } : {}) },
    },
  };
}

/** Message body errors in a callback are reported under `data.` like Discord does. */
function prefixErrors(error: { status: number; body: Json }): { status: number; body: Json } {
  const errors = error.body.errors as Json | undefined;
  return errors ? { status: error.status, body: { ...error.body, errors: { data: errors } } } : error;
}

type WebhookHandler = (ctx: RouteContext, record: InteractionRecord) => RouteResult;

function withWebhook(ctx: RouteContext, handler: WebhookHandler): RouteResult {
  const { state, params } = ctx;
  const record = state.interactionsByToken.get(params.token!);
  // The interaction webhook only exists once the interaction has been acknowledged.
  if (params.appId !== state.applicationId || !record || !record.callback) return apiError(404, 10015, 'Unknown Webhook');
  return handler(ctx, record);
}

/** `@original` or one of the interaction's own messages. */
function resolveTarget(ctx: RouteContext, record: InteractionRecord): StoredMessage | undefined {
  const target = ctx.params.messageId!;
  const id = target === '@original' ? record.originalMessageId : target;
  const stored = id ? ctx.state.messages.get(id) : undefined;
  if (!stored || stored.deleted) return undefined;
  if (target !== '@original' && stored.interactionId !== record.id) return undefined;
  return stored;
}

function handleFollowUp(ctx: RouteContext, record: InteractionRecord): RouteResult {
  const body = asJson(ctx.body);
  const invalid = validateMessageBody(body, ctx.files.length, true);
  if (invalid) return invalid;

  let message: StoredMessage;
  const extra: Partial<InteractionEvent> = {};
  const original = record.original;
  // A deleted "thinking" message cannot be filled: the follow-up becomes a new message with its own flags.
  if (record.callback?.callbackType === 5 && !record.deferredFilled && original && !original.deleted && (numberField(original.message.flags)! & LOADING)) {
    ctx.state.editMessage(original, body, ctx.files);
    record.deferredFilled = true;
    message = original;
    extra.filledDeferred = true;
  } else {
    const flags = (numberField(body.flags) ?? 0) & (EPHEMERAL | 4 | 4096 | 32768);
    message = replyMessage(ctx, record, body, flags);
  }
  record.events.push(event(ctx, 'followup', body, message, extra));
  return ctx.query.wait === 'true' ? { status: 200, body: message.message } : { status: 204 };
}

function handleFetch(ctx: RouteContext, record: InteractionRecord): RouteResult {
  const stored = resolveTarget(ctx, record);
  if (!stored) return apiError(404, 10008, 'Unknown Message');
  record.events.push(event(ctx, 'fetch', {}, stored, { target: ctx.params.messageId! }));
  return { status: 200, body: stored.message };
}

function handleEdit(ctx: RouteContext, record: InteractionRecord): RouteResult {
  const stored = resolveTarget(ctx, record);
  if (!stored) return apiError(404, 10008, 'Unknown Message');
  const body = asJson(ctx.body);
  const invalid = validateMessageBody(body, ctx.files.length, false);
  if (invalid) return invalid;
  // Editing the "thinking" message of a defer must leave something to show.
  if (numberField(stored.message.flags)! & LOADING) {
    const empty = validateMessageBody({ ...(stored.message as unknown as Json), ...body }, ctx.files.length, true);
    if (empty) return empty;
  }
  ctx.state.editMessage(stored, body, ctx.files);
  record.events.push(event(ctx, 'edit', body, stored, { target: ctx.params.messageId! }));
  return { status: 200, body: stored.message };
}

function handleDelete(ctx: RouteContext, record: InteractionRecord): RouteResult {
  const stored = resolveTarget(ctx, record);
  if (!stored) return apiError(404, 10008, 'Unknown Message');
  stored.deleted = true;
  record.events.push(event(ctx, 'delete', {}, stored, { target: ctx.params.messageId! }));
  return { status: 204 };
}
