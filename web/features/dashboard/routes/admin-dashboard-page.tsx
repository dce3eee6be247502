import { Link } from 'react-router';
import { adminScreensFor } from '../../../app/admin-screens.ts';
import { useT } from '../../../app/i18n.tsx';
import { BeingBuilt } from '../../../components/page.tsx';
import { toActor, useMe } from '../../auth/api/get-me.ts';

/** Back-office dashboard (/admin), open to every staff role. Statistics come with the dashboard work. */
export function AdminDashboardPage() {
  const t = useT();
  const { data: user } = useMe();
  const screens = adminScreensFor(toActor(user)).filter((screen) => screen.path !== '/admin');

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <section className="rounded-lg bg-slate-800 p-6 text-white">
        <h1 className="text-3xl font-bold">
          {t('admin.dashboard.welcome', 'Welcome back, {name}!', {
            name: user?.fullName || t('admin.dashboard.fallback_name', 'Admin'),
          })}
        </h1>
      </section>
      {screens.length > 0 && (
        <nav aria-label={t('admin.dashboard.screens', 'Admin screens')} className="mt-8">
          <h2 className="text-xl font-semibold text-slate-900">
            {t('admin.dashboard.screens', 'Admin screens')}
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {screens.map((screen) => (
              <li key={screen.path}>
                <Link
                  to={screen.path}
                  className="block rounded-md border border-slate-200 px-4 py-3 font-medium text-blue-700 hover:bg-slate-50 hover:text-blue-900"
                >
                  {t(screen.key, screen.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="mt-8">
        <BeingBuilt />
      </div>
    </div>
  );
}
