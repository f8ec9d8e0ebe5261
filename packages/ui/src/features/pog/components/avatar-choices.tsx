import {
  type MintState,
  POG_THEMES,
  type PogCatalogue,
  type PogMintStatus,
  type PogTheme,
} from '@khel/core/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useReportPrimaryAction } from '../../../lib/primary-action.ts';
import { useApi } from '../../../providers/api-context.ts';
import { useConfirmClose } from '../../../providers/app-feedback.ts';
import { useMintCatalogue } from '../api/get-mint-catalogue.ts';
import { useRandomVariants } from '../api/get-random-variants.ts';
import { useMintBack } from '../api/go-back.ts';
import { applyMintStatus } from '../api/pog-keys.ts';
import { useQuickMint } from '../api/quick-mint.ts';
import { saveCategory, useSaveCategory } from '../api/save-category.ts';
import { saveCharacter, useSaveCharacter } from '../api/save-character.ts';
import { saveStyle, useSaveStyle } from '../api/save-style.ts';
import { useMintContext } from './mint-context.ts';
import { TonWalletStep, useTonWalletStep } from './mint-ton.tsx';

export const THEME_ART: Record<PogTheme, string> = {
  Adventure: '🧭',
  Fantasy: '🐉',
  Action: '💥',
  Toon: '🎈',
  'Sci-Fi': '🚀',
  Horror: '👻',
};

type Catalogue = PogCatalogue['themes'][number];

/** The catalogue, or its loading and error states. */
function WithCatalogue({ children }: { children: (themes: PogCatalogue['themes']) => React.ReactNode }) {
  const catalogue = useMintCatalogue();
  const describeError = useErrorMessage();
  if (catalogue.isPending) return <LoadingState skeletonLines={3} />;
  if (catalogue.isError)
    return <ErrorState message={describeError(catalogue.error)} onRetry={() => void catalogue.refetch()} />;
  return <>{children(catalogue.data.themes)}</>;
}

export function StepBack({ to, disabled }: { to: MintState; disabled?: boolean }) {
  const { t } = useTranslation();
  const back = useMintBack();
  return (
    <Button
      variant="ghost"
      size="small"
      busy={back.isPending}
      disabled={disabled}
      onClick={() => back.mutate(to)}
    >
      ← {t('pog.back')}
    </Button>
  );
}

/** Big picture tiles, one per SPEC §3 theme. */
function ThemeTiles({ value, onPick }: { value: PogTheme | null; onPick: (theme: PogTheme) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="pog-themes">
      <legend className="visually-hidden">{t('pog.mint.category.title')}</legend>
      {POG_THEMES.map((theme) => (
        <label
          key={theme}
          className={`pog-theme${value === theme ? ' pog-theme--on' : ''}`}
          data-theme={theme}
        >
          <input
            type="radio"
            name="pogTheme"
            value={theme}
            className="visually-hidden"
            checked={value === theme}
            onChange={() => onPick(theme)}
          />
          <span className="pog-theme__art" aria-hidden="true">
            {THEME_ART[theme]}
          </span>
          <span className="pog-theme__name">{t(`pog.theme.${theme}`)}</span>
          <span className="pog-theme__tag">{t(`pog.mint.category.tagline.${theme}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Choice tiles (categories, characters, styles): ids with labels from the catalogue. */
function ChoiceTiles({
  choices,
  value,
  onPick,
  label,
  art,
}: {
  choices: readonly { id: string; label: string }[];
  value: string | null;
  onPick: (id: string) => void;
  label: string;
  art?: string;
}) {
  return (
    <fieldset className="pog-choices">
      <legend className="visually-hidden">{label}</legend>
      {choices.map((c) => (
        <label key={c.id} className={`pog-choice${value === c.id ? ' pog-choice--on' : ''}`}>
          <input
            type="radio"
            name={label}
            value={c.id}
            className="visually-hidden"
            checked={value === c.id}
            onChange={() => onPick(c.id)}
          />
          {art && (
            <span className="pog-choice__art" aria-hidden="true">
              {art}
            </span>
          )}
          <span className="pog-choice__label">{c.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

type Variant = { theme: PogTheme; category: string; character: string; style: string };

/** A variant's character and style as the catalogue names them. */
function variantLabels(themes: PogCatalogue['themes'], v: Variant) {
  const th = themes.find((x) => x.id === v.theme);
  const cat = th?.categories.find((c) => c.id === v.category);
  const ch = cat?.characters.find((c) => c.id === v.character);
  const st = th?.styles.find((s) => s.id === v.style);
  return [ch?.label ?? v.character, st?.label ?? v.style];
}

/** One random variant, with Use. */
function VariantItem({
  variant: v,
  labels: [character, style],
  busy,
  disabled,
  onUse,
}: {
  variant: Variant;
  labels: string[];
  busy: boolean;
  disabled: boolean;
  onUse: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="pog-surprise__item" data-theme={v.theme}>
      <span className="pog-surprise__art" aria-hidden="true">
        {THEME_ART[v.theme]}
      </span>
      <span className="pog-surprise__text">
        <strong>{character}</strong>
        <span>
          {t(`pog.theme.${v.theme}`)} · {style}
        </span>
      </span>
      <Button variant="primary" size="small" busy={busy} disabled={disabled} onClick={onUse}>
        {t('pog.mint.surprise.use')}
      </Button>
    </li>
  );
}

/** "Surprise me": random theme, category, character and style, applied with the three saves in a row. */
function SurpriseMe({ themes, theme }: { themes: PogCatalogue['themes']; theme: PogTheme | null }) {
  const { t } = useTranslation();
  const { client } = useApi();
  const queryClient = useQueryClient();
  const describeError = useErrorMessage();
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const variants = useRandomVariants(theme, round, { enabled: round > 0 });
  const use = async (index: number) => {
    const v = variants.data?.variants[index];
    if (!v) return;
    setBusy(index);
    setError(null);
    try {
      await saveCategory(client, { theme: v.theme, category: v.category });
      await saveCharacter(client, v.character);
      applyMintStatus(queryClient, await saveStyle(client, v.style));
    } catch (e) {
      setError(e);
      setBusy(null);
    }
  };
  return (
    <section className="pog-surprise" aria-labelledby="pog-surprise">
      <div className="pog-surprise__head">
        <h3 id="pog-surprise">🎲 {t('pog.mint.surprise.title')}</h3>
        <Button
          variant="secondary"
          size="small"
          busy={variants.isFetching}
          onClick={() => setRound((r) => r + 1)}
        >
          {round === 0 ? t('pog.mint.surprise.title') : t('pog.mint.surprise.again')}
        </Button>
      </div>
      {round > 0 && variants.isError && <Notice tone="error">{describeError(variants.error)}</Notice>}
      {variants.data && (
        <ul className="pog-surprise__list">
          {variants.data.variants.map((v, i) => (
            <VariantItem
              key={`${v.theme}-${v.character}-${v.style}`}
              variant={v}
              labels={variantLabels(themes, v)}
              busy={busy === i}
              disabled={busy !== null}
              onUse={() => void use(i)}
            />
          ))}
        </ul>
      )}
      {error !== null && <Notice tone="error">{describeError(error)}</Notice>}
    </section>
  );
}

/** AvatarCategorySelection: the theme as big picture tiles, then its categories. */
export function AvatarCategorySelection({ status }: { status: PogMintStatus }) {
  const { t } = useTranslation();
  const { chain, onPrimaryAction } = useMintContext();
  const describeError = useErrorMessage();
  const [theme, setTheme] = useState<PogTheme | null>(status.choices.theme);
  const [category, setCategory] = useState<string | null>(status.choices.category);
  const save = useSaveCategory();
  const quick = useQuickMint();
  const quickMint = () => quick.mutate({ chain });
  // In the Mini App a quick mint without a TON wallet connects one from here, then mints.
  const ton = useTonWalletStep(quick.error, quickMint);
  useConfirmClose(quick.isPending);
  const canQuickMint = status.state === 'AvatarCategorySelection' && !status.mint;
  const ready = theme !== null && category !== null;
  const next = () => {
    if (theme && category) save.mutate({ theme, category });
  };
  useReportPrimaryAction(
    onPrimaryAction,
    ton.action ?? {
      key: 'category',
      text: t('pog.mint.category.next'),
      run: next,
      busy: save.isPending,
      enabled: ready,
      ...(canQuickMint
        ? {
            secondary: {
              text: t('pog.mint.mode.quick_mint'),
              run: quickMint,
              enabled: !quick.isPending && !save.isPending,
            },
          }
        : {}),
    },
  );
  return (
    <section className="pog-step" aria-labelledby="pog-category-title">
      <h2 className="pog-step__title" id="pog-category-title">
        {t('pog.mint.category.title')}
      </h2>
      <p className="pog-step__lead">{t('pog.mint.category.lead')}</p>
      <WithCatalogue>
        {(themes) => {
          const current: Catalogue | undefined = themes.find((x) => x.id === theme);
          return (
            <>
              <ThemeTiles
                value={theme}
                onPick={(picked) => {
                  setTheme(picked);
                  if (picked !== theme) setCategory(null);
                }}
              />
              {current && (
                <>
                  <h3 className="pog-step__sub">{t('pog.mint.category.categories')}</h3>
                  <ChoiceTiles
                    choices={current.categories}
                    value={category}
                    onPick={setCategory}
                    label={t('pog.mint.category.categories')}
                  />
                </>
              )}
              {(save.isError || (quick.isError && !ton.needed)) && (
                <Notice tone="error">{describeError(save.error ?? quick.error)}</Notice>
              )}
              <TonWalletStep error={quick.error} step={ton} />
              <div className="pog-step__actions">
                <Button variant="primary" block busy={save.isPending} disabled={!ready} onClick={next}>
                  {t('pog.mint.category.next')}
                </Button>
                {canQuickMint && (
                  <Button variant="ghost" busy={quick.isPending} onClick={quickMint}>
                    ⚡ {t('pog.mint.mode.quick_mint')}
                  </Button>
                )}
              </div>
              <SurpriseMe themes={themes} theme={theme} />
            </>
          );
        }}
      </WithCatalogue>
    </section>
  );
}

/** CharacterSelection: the characters of the chosen theme's category. */
export function CharacterSelection({ status }: { status: PogMintStatus }) {
  const { t } = useTranslation();
  const { onPrimaryAction } = useMintContext();
  const describeError = useErrorMessage();
  const [character, setCharacter] = useState<string | null>(status.choices.character);
  const save = useSaveCharacter();
  const theme = status.choices.theme;
  const next = () => {
    if (character) save.mutate(character);
  };
  useReportPrimaryAction(onPrimaryAction, {
    key: 'character',
    text: t('pog.mint.category.next'),
    run: next,
    busy: save.isPending,
    enabled: character !== null,
  });
  return (
    <section className="pog-step" aria-labelledby="pog-character-title">
      <StepBack to="AvatarCategorySelection" />
      <h2 className="pog-step__title" id="pog-character-title">
        {t('pog.mint.character.title')}
      </h2>
      <WithCatalogue>
        {(themes) => {
          const category = themes
            .find((x) => x.id === theme)
            ?.categories.find((c) => c.id === status.choices.category);
          return (
            <>
              {theme && category && (
                <p className="pog-step__lead">
                  {t('pog.mint.character.lead', { theme: t(`pog.theme.${theme}`), category: category.label })}
                </p>
              )}
              <ChoiceTiles
                choices={category?.characters ?? []}
                value={character}
                onPick={setCharacter}
                label={t('pog.mint.character.title')}
                {...(theme ? { art: THEME_ART[theme] } : {})}
              />
              {save.isError && <Notice tone="error">{describeError(save.error)}</Notice>}
              <Button variant="primary" block busy={save.isPending} disabled={!character} onClick={next}>
                {t('pog.mint.category.next')}
              </Button>
            </>
          );
        }}
      </WithCatalogue>
    </section>
  );
}

/** StyleSelection: how the avatar is drawn. */
export function StyleSelection({ status }: { status: PogMintStatus }) {
  const { t } = useTranslation();
  const { onPrimaryAction } = useMintContext();
  const describeError = useErrorMessage();
  const [style, setStyle] = useState<string | null>(status.choices.style);
  const save = useSaveStyle();
  const next = () => {
    if (style) save.mutate(style);
  };
  useReportPrimaryAction(onPrimaryAction, {
    key: 'style',
    text: t('pog.mint.category.next'),
    run: next,
    busy: save.isPending,
    enabled: style !== null,
  });
  return (
    <section className="pog-step" aria-labelledby="pog-style-title">
      <StepBack to="CharacterSelection" />
      <h2 className="pog-step__title" id="pog-style-title">
        {t('pog.mint.style.title')}
      </h2>
      <p className="pog-step__lead">{t('pog.mint.style.lead')}</p>
      <WithCatalogue>
        {(themes) => (
          <>
            <ChoiceTiles
              choices={themes.find((x) => x.id === status.choices.theme)?.styles ?? []}
              value={style}
              onPick={setStyle}
              label={t('pog.mint.style.title')}
              art="🎨"
            />
            {save.isError && <Notice tone="error">{describeError(save.error)}</Notice>}
            <Button variant="primary" block busy={save.isPending} disabled={!style} onClick={next}>
              {t('pog.mint.category.next')}
            </Button>
          </>
        )}
      </WithCatalogue>
    </section>
  );
}
