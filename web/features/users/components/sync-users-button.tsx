import { RefreshCw } from 'lucide-react';
import { useT } from '#web/app/i18n.tsx';
import { Button, secondaryButton } from '#web/components/button.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useSyncUsers } from '../api/admin-users.ts';

/** admin-back-office.md §8: messages clear after 3 s, the user sync's after 5 s. */
const SYNC_MESSAGE_MS = 5_000;

/** 'Sync Users': makes the profiles missing for sign-in accounts and repairs broken ones. */
export function SyncUsersButton() {
  const t = useT();
  const errorText = useErrorText();
  const sync = useSyncUsers();
  const onSync = async () => {
    try {
      const result = await sync.mutateAsync();
      toast.success(
        t('admin.users.synced', 'Users synced: {created} profiles created, {repaired} repaired.', {
          created: result.createdProfiles,
          repaired: result.repairedProfiles,
        }),
        { durationMs: SYNC_MESSAGE_MS },
      );
    } catch (error) {
      toast.error(errorText(error, { '*': t('admin.users.sync_failed', 'Failed to sync users') }));
    }
  };

  return (
    <Button className={secondaryButton} onClick={onSync} disabled={sync.isPending}>
      <RefreshCw aria-hidden="true" className={`size-4 ${sync.isPending ? 'animate-spin' : ''}`} />
      {t('admin.users.sync', 'Sync Users')}
    </Button>
  );
}
