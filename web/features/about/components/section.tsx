import type { ReactNode } from 'react';

export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
export const textLink = `rounded font-medium text-blue-700 underline hover:text-blue-900 ${focusRing}`;

/** One section of the page: its heading and what it says. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 text-slate-700">{children}</div>
    </section>
  );
}

/** The spec's points of a section, as a list. */
export function Bullets({ items }: { items: string[] }) {
  return (
    <ul className="list-disc space-y-1 pl-6">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
