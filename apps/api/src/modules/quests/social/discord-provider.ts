import { getJson, isRecord, SocialApiError } from './fetch-json.ts';

/**
 * What the Discord quest tasks ask Discord (DESIGN §8), about the person whose Discord user id is
 * `discordUserId` (the `subject` of the user's linked 'discord' identity). A method throws
 * SocialApiError when Discord could not answer.
 */
export interface DiscordProvider {
  /** 'discord' or 'sandbox', for logs. */
  readonly name: string;
  isGuildMember(discordUserId: string, guildId: string): Promise<boolean>;
  /** The ids of the member's roles in the guild, or null when they are not a member. */
  memberRoles(discordUserId: string, guildId: string): Promise<string[] | null>;
}

/** Discord's JSON error codes the member lookup answers with its 404s. */
const UNKNOWN_GUILD = 10004;
const UNKNOWN_MEMBER = 10007;
const UNKNOWN_USER = 10013;

/**
 * Discord's API with the Khel bot's token (DISCORD_PROVIDER=discord): Get Guild Member,
 * `GET /guilds/{guild.id}/members/{user.id}` with `Authorization: Bot <token>`. The bot must be in the
 * guild: an 'Unknown Guild' answer is our configuration's fault, not the user's, and is reported as a
 * failure to check rather than as "not a member".
 */
export class DiscordApiProvider implements DiscordProvider {
  readonly name = 'discord';

  constructor(private readonly options: { botToken: string; apiRoot: string; timeoutMs: number }) {}

  private async member(discordUserId: string, guildId: string): Promise<{ roles: string[] } | null> {
    const url = new URL(
      `${this.options.apiRoot.replace(/\/+$/, '')}/guilds/${encodeURIComponent(guildId)}/members/${encodeURIComponent(discordUserId)}`,
    );
    const { status, body } = await getJson(
      url,
      { authorization: `Bot ${this.options.botToken}` },
      this.options.timeoutMs,
    );
    if (status === 200 && isRecord(body)) {
      const roles = Array.isArray(body.roles) ? body.roles.filter((r) => typeof r === 'string') : [];
      return { roles };
    }
    const code = isRecord(body) && typeof body.code === 'number' ? body.code : null;
    if (status === 404 && (code === UNKNOWN_MEMBER || code === UNKNOWN_USER)) return null;
    if (status === 404 && code === UNKNOWN_GUILD)
      throw new SocialApiError('Discord get guild member: the bot is not in this guild', status);
    throw new SocialApiError(
      `Discord get guild member: answered ${status}${code ? ` (code ${code})` : ''}`,
      status,
    );
  }

  async isGuildMember(discordUserId: string, guildId: string) {
    return (await this.member(discordUserId, guildId)) !== null;
  }

  async memberRoles(discordUserId: string, guildId: string) {
    return (await this.member(discordUserId, guildId))?.roles ?? null;
  }
}
