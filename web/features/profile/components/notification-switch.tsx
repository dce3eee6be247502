import { Switch } from 'radix-ui';
import { useId } from 'react';
import type { OwnProfile } from '#common/api/profile.ts';
import { useT } from '#web/app/i18n.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useUpdatePreferences } from '../api/own-profile.ts';

/** 'E-mail me about new submissions': saved as soon as it is switched. */
export function NotificationSwitch({ profile }: { profile: OwnProfile }) {
  const t = useT();
  const id = useId();
  const errorText = useErrorText();
  const update = useUpdatePreferences();
  return (
    <div className="flex items-start gap-3">
      <Switch.Root
        id={id}
        checked={profile.preferences.notifyNewSubmissions}
        disabled={update.isPending}
        aria-describedby={`${id}-help`}
        onCheckedChange={async (checked) => {
          try {
            await update.mutateAsync({ notifyNewSubmissions: checked });
            toast.success(
              checked
                ? t('admin.profile.notify_on', 'You will get an e-mail about new submissions.')
                : t('admin.profile.notify_off', 'E-mails about new submissions are off.'),
            );
          } catch (error) {
            toast.error(
              errorText(error, { '*': t('admin.profile.notify_failed', 'Failed to save the setting') }),
            );
          }
        }}
        className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 data-[state=checked]:bg-blue-700"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {t('admin.profile.notify', 'E-mail me about new submissions')}
        </label>
        <p id={`${id}-help`} className="text-xs text-slate-700">
          {t('admin.profile.notify_help', 'A short message when visitors or contributors send in new items.')}
        </p>
      </div>
    </div>
  );
}
