import type { KlashRegisterBody } from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { checkMembers, type MemberDraft, type MemberProblem } from '../lib/klash-view.ts';

const emptyMembers = (count: number): MemberDraft[] =>
  Array.from({ length: count }, () => ({ type: 'phone', value: '' }));

interface TeamFormProps {
  teamSize: number;
  name: string;
  onName: (name: string) => void;
  members: MemberDraft[];
  onMembers: (members: MemberDraft[]) => void;
  problems: (MemberProblem | null)[];
  nameMissing: boolean;
  clan: { id: string; name: string } | null;
  forClan: boolean;
  onForClan: (yes: boolean) => void;
}

/**
 * The team being written (name, other members, for the reader's clan or not) and its check: `check()` is the
 * team to register, or null with the problems shown on the form.
 */
export function useTeamDraft(teamSize: number, clan: { id: string; name: string } | null) {
  const [teamName, setTeamName] = useState('');
  const [members, setMembers] = useState(() => emptyMembers(Math.max(0, teamSize - 1)));
  const [forClan, setForClan] = useState(false);
  const [problems, setProblems] = useState<(MemberProblem | null)[]>([]);
  const [nameMissing, setNameMissing] = useState(false);

  const check = (): KlashRegisterBody | null => {
    const checked = checkMembers(members);
    const missing = teamName.trim() === '';
    setNameMissing(missing);
    setProblems(checked.ok ? [] : checked.problems);
    if (missing || !checked.ok) return null;
    return {
      team: {
        name: teamName.trim(),
        members: checked.members,
        ...(forClan && clan ? { clanId: clan.id } : {}),
      },
    };
  };

  const formProps: TeamFormProps = {
    teamSize,
    name: teamName,
    onName: setTeamName,
    members,
    onMembers: setMembers,
    problems,
    nameMissing,
    clan,
    forClan,
    onForClan: setForClan,
  };
  return { check, formProps };
}

/** Member `n` (the captain is 1): by phone or by email, and the value. */
function MemberRow({
  member,
  n,
  problem,
  onChange,
}: {
  member: MemberDraft;
  n: number;
  problem: MemberProblem | null | undefined;
  onChange: (next: Partial<MemberDraft>) => void;
}) {
  const { t } = useTranslation();
  const problemText = (p: MemberProblem | null | undefined) =>
    p === 'phoneInvalid'
      ? t('klash.register.phoneInvalid')
      : p === 'emailInvalid'
        ? t('klash.register.emailInvalid')
        : p === 'duplicate'
          ? t('klash.register.duplicate')
          : undefined;
  return (
    <li className="klash-register">
      <div className="chips">
        <span className="visually-hidden">{t('klash.register.member', { n })}</span>
        {(['phone', 'email'] as const).map((type) => (
          <button
            key={type}
            type="button"
            className="chip"
            aria-pressed={member.type === type}
            onClick={() => onChange({ type, value: '' })}
          >
            {type === 'phone' ? `📱 ${t('klash.register.byPhone')}` : `✉️ ${t('klash.register.byEmail')}`}
          </button>
        ))}
      </div>
      <Field
        label={
          member.type === 'phone'
            ? t('klash.register.phoneLabel', { n })
            : t('klash.register.emailLabel', { n })
        }
        type={member.type === 'phone' ? 'tel' : 'email'}
        autoComplete="off"
        inputMode={member.type === 'phone' ? 'tel' : 'email'}
        placeholder={
          member.type === 'phone'
            ? t('klash.register.phonePlaceholder')
            : t('klash.register.emailPlaceholder')
        }
        value={member.value}
        maxLength={member.type === 'phone' ? 20 : 254}
        onChange={(e) => onChange({ value: e.target.value })}
        error={problemText(problem)}
      />
    </li>
  );
}

/** The team's name and its other members, each by phone or by email (the captain is the reader). */
export function TeamForm({
  teamSize,
  name,
  onName,
  members,
  onMembers,
  problems,
  nameMissing,
  clan,
  forClan,
  onForClan,
}: TeamFormProps) {
  const { t } = useTranslation();
  const set = (i: number, next: Partial<MemberDraft>) =>
    onMembers(members.map((m, j) => (j === i ? { ...m, ...next } : m)));
  return (
    <>
      <Field
        label={t('klash.register.teamName')}
        placeholder={t('klash.register.teamNamePlaceholder')}
        value={name}
        maxLength={40}
        onChange={(e) => onName(e.target.value)}
        error={nameMissing ? t('klash.register.teamNameMissing') : undefined}
      />
      <fieldset className="bare-fieldset klash-register">
        <legend className="klash-section__title">{t('klash.register.membersTitle')}</legend>
        <p className="field__hint">{t('klash.register.membersHint', { count: teamSize - 1 })}</p>
        <ol className="klash-members">
          {members.map((member, i) => (
            <MemberRow
              key={i}
              member={member}
              n={i + 2}
              problem={problems[i]}
              onChange={(next) => set(i, next)}
            />
          ))}
        </ol>
      </fieldset>
      {clan && (
        <label className="klash-check">
          <input type="checkbox" checked={forClan} onChange={(e) => onForClan(e.target.checked)} />
          <span>{t('klash.register.clan', { name: clan.name })}</span>
        </label>
      )}
    </>
  );
}
