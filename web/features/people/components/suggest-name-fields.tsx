import type { PublicBox } from '#common/api/people.ts';
import { type BoxRect, PERSON_NAME_MAX, type PersonFormField, SUGGESTION_NOTE_MAX } from '#common/people.ts';
import { useT } from '#web/app/i18n.tsx';
import { BoxDrawer } from './box-drawer.tsx';
import { PeopleOverlay } from './people-overlay.tsx';

/** The fields of "Suggest a name" (suggest-name.tsx holds their values and checks). */

export type Values = Record<Exclude<PersonFormField, 'website'>, string>;
/** The choice in the box list that means "a box I draw myself" (only with the script). */
export const NEW_BOX = 'new';

/** A field's id, name, value and change handler, as the form hands them out. */
export type FieldProps = (name: keyof Values) => {
  id: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
};

const input =
  'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 aria-invalid:border-red-600';

/** Which box: one of the image's, or (with the script) a new one drawn on the image. */
export function BoxChoice({
  id,
  field,
  boxes,
  src,
  title,
  width,
  height,
  drawing,
  drawn,
  onDraw,
  boxMissing,
}: {
  id: string;
  field: FieldProps;
  boxes: readonly PublicBox[];
  src: string | null;
  title: string;
  width: number | null;
  height: number | null;
  drawing: boolean;
  drawn: BoxRect | null;
  onDraw: (box: BoxRect | null) => void;
  boxMissing: boolean;
}) {
  const t = useT();
  return (
    <>
      <div>
        <label htmlFor={`${id}-boxId`} className="block text-sm font-medium text-slate-800">
          {t('people.which_box', 'Hvør kassi?')}
        </label>
        <select {...field('boxId')} className={input}>
          {boxes.map((box, i) => (
            <option key={box.id} value={box.id}>
              {`${i + 1}. ${box.person?.name ?? t('people.unnamed', 'Ókendur persónur')}`}
            </option>
          ))}
          {src && <option value={NEW_BOX}>{t('people.new_box', 'Ein nýggjur kassi, sum eg tekni')}</option>}
        </select>
      </div>
      {drawing && src && (
        <div id={`${id}-drawer`}>
          <BoxDrawer src={src} alt={title} width={width} height={height} value={drawn} onChange={onDraw}>
            <PeopleOverlay boxes={boxes} />
          </BoxDrawer>
          {boxMissing && (
            <p className="text-sm text-red-700">{t('people.box_missing', 'Tekna ein kassa á myndini.')}</p>
          )}
        </div>
      )}
    </>
  );
}

/** The name and how the visitor knows it, then who they are (both optional). */
export function NameFields({
  id,
  field,
  nameError,
  emailError,
}: {
  id: string;
  field: FieldProps;
  nameError: string | undefined;
  emailError: string | undefined;
}) {
  const t = useT();
  return (
    <>
      <div>
        <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-800">
          {t('people.name', 'Navn')}
        </label>
        <input
          {...field('name')}
          type="text"
          maxLength={PERSON_NAME_MAX}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          className={input}
        />
        {nameError && (
          <p id={`${id}-name-error`} className="mt-1 text-sm text-red-700">
            {nameError}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-800">
          {t('people.note', 'Hvussu veitst tú tað? (valfrítt)')}
        </label>
        <textarea {...field('note')} rows={2} maxLength={SUGGESTION_NOTE_MAX} className={input} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-contributorName`} className="block text-sm font-medium text-slate-800">
            {t('knowledge.name', 'Navn (valfrítt, til heiðurs)')}
          </label>
          <input
            {...field('contributorName')}
            type="text"
            maxLength={200}
            autoComplete="name"
            className={input}
          />
        </div>
        <div>
          <label htmlFor={`${id}-contributorEmail`} className="block text-sm font-medium text-slate-800">
            {t('knowledge.email', 'Teldupostur (valfrítt)')}
          </label>
          <input
            {...field('contributorEmail')}
            type="email"
            maxLength={320}
            autoComplete="email"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            className={input}
          />
          {emailError && (
            <p id={`${id}-email-error`} className="mt-1 text-sm text-red-700">
              {emailError}
            </p>
          )}
        </div>
      </div>
    </>
  );
}
