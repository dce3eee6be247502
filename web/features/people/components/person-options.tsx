import type { StaffPerson } from '#common/api/people.ts';

/** People from the list as a select's options: 'Name (born–died)'. */
export function PersonOptions({ people }: { people: readonly StaffPerson[] }) {
  return people.map((p) => (
    <option key={p.id} value={p.id}>
      {p.name}
      {p.born || p.died ? ` (${[p.born, p.died].filter(Boolean).join('–')})` : ''}
    </option>
  ));
}
