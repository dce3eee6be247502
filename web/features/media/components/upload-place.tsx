import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { itemPlace } from '#common/api/media.ts';
import { PlaceFields } from '#web/features/places/index.ts';
import type { SharedFields, UploadFields } from '../lib/upload-item.ts';

/**
 * The batch's place and point (issue 28 §3), through the item edit's own fields (PlaceFields: the
 * list searched by name, the point typed or clicked on the map), checked as the server checks them.
 */
export function UploadPlace({
  values,
  onChange,
  disabled,
}: {
  values: SharedFields;
  onChange: (patch: Partial<UploadFields>) => void;
  disabled: boolean;
}) {
  const form = useForm<z.input<typeof itemPlace>>({
    resolver: zodResolver(itemPlace) as never,
    mode: 'onChange',
    defaultValues: { placeId: values.placeId, latitude: values.latitude, longitude: values.longitude },
  });
  useEffect(() => {
    const subscription = form.watch((value, { name }) => {
      if (!name) return;
      onChange({
        placeId: String(value.placeId ?? ''),
        latitude: String(value.latitude ?? ''),
        longitude: String(value.longitude ?? ''),
      });
    });
    return () => subscription.unsubscribe();
  }, [form, onChange]);
  return (
    <FormProvider {...form}>
      <fieldset disabled={disabled} className="contents">
        <PlaceFields />
      </fieldset>
    </FormProvider>
  );
}
