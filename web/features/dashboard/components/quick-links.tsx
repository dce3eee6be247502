import { FolderOpen, Inbox, Languages, Upload, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ADMIN_ROUTES } from '#common/paths.ts';
import { type Action, type Actor, can } from '#common/permissions.ts';
import { useT } from '#web/app/i18n.tsx';

const LINKS: { path: string; action: Action; key: string; label: string; icon: ReactNode }[] = [
  {
    path: ADMIN_ROUTES.upload,
    action: 'media:manage',
    key: 'admin.dashboard.link.upload',
    label: 'Upload Media',
    icon: <Upload aria-hidden="true" className="size-5" />,
  },
  {
    path: ADMIN_ROUTES.categories,
    action: 'category:manage',
    key: 'admin.dashboard.link.categories',
    label: 'Manage Categories',
    icon: <FolderOpen aria-hidden="true" className="size-5" />,
  },
  {
    path: ADMIN_ROUTES.submissions,
    action: 'submission:review',
    key: 'admin.dashboard.link.submissions',
    label: 'Review Submissions',
    icon: <Inbox aria-hidden="true" className="size-5" />,
  },
  {
    path: ADMIN_ROUTES.users,
    action: 'user:manage',
    key: 'admin.dashboard.link.users',
    label: 'Manage Users',
    icon: <Users aria-hidden="true" className="size-5" />,
  },
  {
    path: ADMIN_ROUTES.translations,
    action: 'translation:manage',
    key: 'admin.dashboard.link.translations',
    label: 'Translations',
    icon: <Languages aria-hidden="true" className="size-5" />,
  },
];

/** Quick links to upload, categories, submissions, users and translations: those the user may open. */
export function QuickLinks({ actor }: { actor: Actor }) {
  const t = useT();
  const links = LINKS.filter((link) => can(actor, link.action));
  if (links.length === 0) return null;
  return (
    <nav aria-labelledby="dashboard-links" className="mt-8">
      <h2 id="dashboard-links" className="text-xl font-semibold text-slate-900">
        {t('admin.dashboard.links', 'Quick Links')}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {links.map((link) => (
          <li key={link.path}>
            <Link
              to={link.path}
              className="flex items-center gap-2 rounded-md border border-slate-200 bg-white px-4 py-3 font-medium text-blue-800 hover:bg-slate-50 hover:text-blue-950"
            >
              {link.icon}
              {t(link.key, link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
