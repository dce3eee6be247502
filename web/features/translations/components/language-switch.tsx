import { LANGUAGES, type Language } from '#common/enums.ts';
import { useLanguage, useT } from '#web/app/i18n.tsx';

/**
 * Føroyskt / English: two toggle buttons (aria-pressed) in a fieldset named by its legend. The choice is kept in
 * the browser; the texts change in place, without a reload.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useT();
  const { lang, setLang } = useLanguage();
  const names: Record<Language, string> = {
    fo: t('language.fo', 'Føroyskt'),
    en: t('language.en', 'English'),
  };

  return (
    <fieldset
      className={`inline-flex shrink-0 overflow-hidden rounded-md border border-slate-300 text-sm ${className}`}
    >
      <legend className="sr-only">{t('language.label', 'Mál')}</legend>
      {LANGUAGES.map((code) => {
        const pressed = code === lang;
        return (
          <button
            key={code}
            type="button"
            lang={code}
            aria-pressed={pressed}
            onClick={() => setLang(code)}
            className={
              pressed
                ? 'bg-slate-800 px-2.5 py-1 font-medium text-white'
                : 'bg-white px-2.5 py-1 font-medium text-slate-800 hover:bg-slate-100'
            }
          >
            {names[code]}
          </button>
        );
      })}
    </fieldset>
  );
}
