import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import type { AdminScreen } from './admin-screens.ts';
import { useT } from './i18n.tsx';

/**
 * The admin dropdown of the header, for content managers only (public-site.md §2). It is its own
 * chunk, loaded when such a user is signed in, so visitors never download the menu's code.
 */
export function AdminMenu({
  screens,
  triggerClassName,
}: {
  screens: AdminScreen[];
  triggerClassName: string;
}) {
  const t = useT();
  return (
    // Not modal and not portalled: the page stays readable around the menu, which stays in the nav.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={`${triggerClassName} inline-flex items-center gap-1`}>
        {t('nav.admin', 'Admin')}
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        className="z-50 min-w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        {screens.map((screen) => (
          <DropdownMenu.Item key={screen.path} asChild>
            <Link
              to={screen.path}
              className="block rounded px-3 py-2 text-sm text-slate-800 data-highlighted:bg-slate-100"
            >
              {t(screen.key, screen.label)}
            </Link>
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
