import type { StaffBox } from '#common/api/people.ts';
import type { BoxChange } from '../api/admin-people.ts';

/** Who a box names, as chosen in the form: one from the list, none, or a new person by name. */
export type Who = { kind: 'person'; id: string } | { kind: 'none' } | { kind: 'new'; name: string };

export const whoOf = (box: StaffBox | null): Who =>
  box?.person ? { kind: 'person', id: box.person.id } : { kind: 'none' };

export const changeOf = (who: Who): BoxChange =>
  who.kind === 'person'
    ? { personId: who.id }
    : who.kind === 'new'
      ? { newPerson: { name: who.name } }
      : { personId: null };
