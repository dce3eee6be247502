import { useMemo } from 'react';
import { useLanguage } from '#web/app/i18n.tsx';

/** A submission's time as the screen writes it ('27 Nov 2026, 15:55'), in the chosen language. */
export function useFormatTime() {
  const { lang } = useLanguage();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(lang === 'fo' ? 'fo' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    return (iso: string) => format.format(new Date(iso));
  }, [lang]);
}
