import type { DiscordProvider } from '../social/discord-provider.ts';
import { checkAsLinkedPerson, type SocialCheckContext } from '../social/linked-account.ts';
import { defineValidator, type ValidationOutcome } from './types.ts';

export const DISCORD_NOT_MEMBER_MESSAGE = 'You have not joined the Discord server yet.';
export const discordRoleMissingMessage = (roleName: string) =>
  `You do not have the ${roleName} role in the Discord server yet.`;

/**
 * Discord tasks (SPEC §3: join server, role check): asked of the Discord provider (AppDeps.social.discord:
 * the sandbox outside production, Discord's API with the bot's token by environment) about the person
 * behind the user's linked Discord account.
 */
const asDiscord = (
  ctx: SocialCheckContext,
  check: (discord: DiscordProvider, discordUserId: string) => Promise<ValidationOutcome>,
) =>
  checkAsLinkedPerson(ctx, { provider: 'discord', platform: 'Discord', api: ctx.deps.social.discord }, check);

export const discordTaskValidators = [
  defineValidator({
    type: 'discord_join_server',
    validate: (ctx) =>
      asDiscord(ctx, async (discord, id) =>
        (await discord.isGuildMember(id, ctx.config.guildId))
          ? { ok: true }
          : { ok: false, message: DISCORD_NOT_MEMBER_MESSAGE },
      ),
  }),
  defineValidator({
    type: 'discord_role_check',
    validate: (ctx) =>
      asDiscord(ctx, async (discord, id) => {
        const roles = await discord.memberRoles(id, ctx.config.guildId);
        if (roles === null) return { ok: false, message: DISCORD_NOT_MEMBER_MESSAGE };
        return roles.includes(ctx.config.roleId)
          ? { ok: true }
          : { ok: false, message: discordRoleMissingMessage(ctx.config.roleName) };
      }),
  }),
];
