import { z } from 'zod';

/** Places (issue 28 §3): the list staff keep, with Faroese and English names and a point. */

export const place = z.object({
  id: z.uuid(),
  nameFo: z.string(),
  nameEn: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Where its coordinates come from (the gazetteer the list started from); null for staff's own. */
  source: z.string().nullable(),
});
export type Place = z.infer<typeof place>;
/** Every place, by Faroese name (the pickers search it in the browser; about 120 at the start). */
export const placesResponse = z.object({ places: z.array(place) });
export const placeResponse = z.object({ place });

/**
 * A coordinate from a form or JSON: a number, or its text ('' is none); a comma is read as the
 * decimal point ("62,0107"). Null clears it.
 */
export const coordinate = (label: 'Latitude' | 'Longitude', bound: 90 | 180) =>
  z
    .union([z.number(), z.string().trim().max(40)])
    .transform((value, issue) => {
      if (value === '') return null;
      const number = typeof value === 'number' ? value : Number(value.replace(',', '.'));
      if (!Number.isFinite(number)) {
        issue.addIssue({
          code: 'custom',
          message: `${label} must be a number, such as ${bound === 90 ? '62.0107' : '-6.7741'}`,
        });
        return z.NEVER;
      }
      if (number < -bound || number > bound) {
        issue.addIssue({ code: 'custom', message: `${label} must be between -${bound} and ${bound}` });
        return z.NEVER;
      }
      return number;
    })
    .nullable();

const placeNameField = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(100, `${label}: at most 100 characters`);

export const createPlaceBody = z.object({
  nameFo: placeNameField('The Faroese name'),
  /** The English name; none is the Faroese name (as English writes most Faroese villages). */
  nameEn: placeNameField('The English name')
    .or(z.literal('').transform(() => undefined))
    .optional(),
  latitude: coordinate('Latitude', 90).pipe(z.number({ error: 'Latitude is required' })),
  longitude: coordinate('Longitude', 180).pipe(z.number({ error: 'Longitude is required' })),
});
export type CreatePlaceBody = z.output<typeof createPlaceBody>;

/** Only the fields sent change. */
export const updatePlaceBody = z
  .object({
    nameFo: placeNameField('The Faroese name'),
    nameEn: placeNameField('The English name'),
    latitude: coordinate('Latitude', 90).pipe(z.number({ error: 'Latitude is required' })),
    longitude: coordinate('Longitude', 180).pipe(z.number({ error: 'Longitude is required' })),
  })
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: 'Nothing to change',
    path: ['nameFo'],
  });
export type UpdatePlaceBody = z.output<typeof updatePlaceBody>;
