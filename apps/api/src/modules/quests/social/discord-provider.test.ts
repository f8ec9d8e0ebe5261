import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordApiProvider } from './discord-provider.ts';
import { SocialApiError } from './fetch-json.ts';

/**
 * DiscordApiProvider against a fake Discord API on 127.0.0.1 answering Get Guild Member as Discord
 * documents it: the guild member object (with `roles`), 404 with JSON code 10007 Unknown Member or
 * 10004 Unknown Guild (the bot is not in it), 401 without `Authorization: Bot <token>`, 429 with
 * `retry_after`.
 */

const TOKEN = 'test-bot-token';
const GUILD = '1100000000000000001';
const MEMBER = '2200000000000000001';
const ROLE = '3300000000000000001';

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const paths: string[] = [];

function fakeDiscord(req: IncomingMessage, res: ServerResponse) {
  paths.push(req.url!);
  if (req.headers.authorization !== `Bot ${TOKEN}`)
    return send(res, 401, { message: '401: Unauthorized', code: 0 });
  const m = /^\/api\/v10\/guilds\/(\d+)\/members\/(\d+)$/.exec(req.url!);
  if (!m) return send(res, 404, { message: '404: Not Found', code: 0 });
  const [, guild, user] = m;
  if (guild === '429')
    return send(res, 429, { message: 'You are being rate limited.', retry_after: 1.5, global: false });
  if (guild === '500') return send(res, 502, { message: 'Bad gateway' });
  if (guild !== GUILD) return send(res, 404, { message: 'Unknown Guild', code: 10004 });
  if (user !== MEMBER) return send(res, 404, { message: 'Unknown Member', code: 10007 });
  send(res, 200, {
    user: { id: MEMBER, username: 'gamer', global_name: 'Gamer' },
    nick: null,
    roles: [ROLE],
    joined_at: '2026-11-01T10:00:00.000000+00:00',
    deaf: false,
    mute: false,
    flags: 0,
  });
}

describe('Discord API adapter', () => {
  let server: Server;
  let discord: DiscordApiProvider;
  let root: string;

  beforeAll(async () => {
    server = createServer(fakeDiscord);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v10`;
    discord = new DiscordApiProvider({ botToken: TOKEN, apiRoot: root, timeoutMs: 500 });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('a member and their roles from Get Guild Member', async () => {
    expect(await discord.isGuildMember(MEMBER, GUILD)).toBe(true);
    expect(await discord.memberRoles(MEMBER, GUILD)).toEqual([ROLE]);
    expect(paths.at(-1)).toBe(`/api/v10/guilds/${GUILD}/members/${MEMBER}`);
  });

  it('Unknown Member is not a member', async () => {
    expect(await discord.isGuildMember('2200000000000000002', GUILD)).toBe(false);
    expect(await discord.memberRoles('2200000000000000002', GUILD)).toBeNull();
  });

  it('Unknown Guild (bot not in it), rate limits, server errors and a wrong token are failures to check', async () => {
    await expect(discord.isGuildMember(MEMBER, '1100000000000000009')).rejects.toThrow(
      /bot is not in this guild/,
    );
    await expect(discord.isGuildMember(MEMBER, '429')).rejects.toMatchObject({ status: 429 });
    await expect(discord.memberRoles(MEMBER, '500')).rejects.toThrow(SocialApiError);
    const wrong = new DiscordApiProvider({ botToken: 'nope', apiRoot: root, timeoutMs: 500 });
    await expect(wrong.isGuildMember(MEMBER, GUILD)).rejects.toMatchObject({ status: 401 });
  });
});
