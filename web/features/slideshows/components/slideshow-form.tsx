import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { type AdminSlideshowDetail, createSlideshowBody } from '#common/api/slideshows.ts';
import { DEFAULT_SLIDE_DURATION_S } from '#common/limits.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Button, secondaryButton } from '#web/components/button.tsx';
import { CheckboxField, Field, Form, SubmitButton, TextareaField } from '#web/components/form.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useCreateSlideshow, useUpdateSlideshow } from '../api/admin-slideshows.ts';
import { MediaPicker } from './media-picker.tsx';
import { type DraftSlide, SelectedPreview, SlideOrder, type Thumbable } from './slide-rows.tsx';

/** The slideshow's own fields, checked by the server's schema; the slides are the dialog's state. */
const slideshowFields = createSlideshowBody.pick({
  title: true,
  description: true,
  isPublic: true,
  isFeatured: true,
});

/**
 * The dialog's form: title, description, the toggles, the media picker, the selected preview and
 * the slides in order. Creating needs one item; editing appends new items after the existing slides.
 */
export function SlideshowForm({
  initial,
  onClose,
}: {
  initial: AdminSlideshowDetail | null;
  onClose: () => void;
}) {
  const t = useT();
  const create = useCreateSlideshow();
  const update = useUpdateSlideshow();
  const headingId = useId();
  const [slides, setSlides] = useState<DraftSlide[]>(
    () =>
      initial?.slides.map((slide) => ({
        slideId: slide.id,
        media: slide.media,
        duration: slide.duration,
        caption: slide.caption ?? '',
      })) ?? [],
  );
  const [noSlides, setNoSlides] = useState(false);

  const newIds = new Set(slides.filter((s) => s.slideId === null).map((s) => s.media.id));
  const existingIds = new Set(slides.filter((s) => s.slideId !== null).map((s) => s.media.id));

  const togglePick = (media: Thumbable) => {
    setNoSlides(false);
    setSlides((current) =>
      newIds.has(media.id)
        ? current.filter((s) => !(s.slideId === null && s.media.id === media.id))
        : [...current, { slideId: null, media, duration: DEFAULT_SLIDE_DURATION_S, caption: '' }],
    );
  };

  const submit = async (fields: ReturnType<typeof slideshowFields.parse>) => {
    // Creating needs one item; an edit may add none, but never leaves the slideshow empty.
    if (slides.length === 0) {
      setNoSlides(true);
      return;
    }
    setNoSlides(false);
    // An emptied description is sent as '' (the server clears it), as before.
    const values = {
      ...fields,
      description: fields.description ?? '',
      isPublic: fields.isPublic ?? false,
      isFeatured: fields.isFeatured ?? false,
    };
    const slideInput = (s: DraftSlide) => ({ mediaId: s.media.id, duration: s.duration, caption: s.caption });
    if (!initial) {
      await create.mutateAsync({ ...values, slides: slides.map(slideInput) });
      toast.success(t('admin.slideshows.created', 'Slideshow created successfully!'));
    } else {
      const result = await update.mutateAsync({
        id: initial.id,
        body: {
          ...values,
          slides: slides
            .filter((s) => s.slideId !== null)
            .map((s) => ({ id: s.slideId!, duration: s.duration, caption: s.caption })),
          add: slides.filter((s) => s.slideId === null).map(slideInput),
        },
      });
      toast.success(
        t('admin.slideshows.updated', 'Slideshow updated successfully! Added {count} new media items.', {
          count: result.added,
        }),
      );
    }
    onClose();
  };

  const submitText = initial
    ? t('admin.slideshows.save', 'Save Slideshow')
    : t('admin.slideshows.create_submit', 'Create Slideshow');
  return (
    <Form
      schema={slideshowFields}
      defaultValues={{
        title: initial?.title ?? '',
        description: initial?.description ?? '',
        isPublic: initial?.isPublic ?? false,
        isFeatured: initial?.isFeatured ?? false,
      }}
      onSubmit={submit}
      errorTexts={{ '*': t('admin.slideshows.save_failed', 'Failed to save slideshow') }}
      className="mt-4 space-y-5"
    >
      {noSlides && (
        <Alert tone="error">
          {t('admin.slideshows.select_one', 'Please select at least one media item for the slideshow')}
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="title"
          label={t('admin.slideshows.field.title', 'Title')}
          required
          maxLength={300}
          className="sm:col-span-2"
        />
        <TextareaField
          name="description"
          label={t('admin.slideshows.field.description', 'Description')}
          rows={2}
          className="sm:col-span-2"
        />
        <CheckboxField name="isPublic" label={t('admin.slideshows.field.public', 'Public')} />
        <CheckboxField name="isFeatured" label={t('admin.slideshows.field.featured', 'Featured')} />
      </div>

      <MediaPicker existingIds={existingIds} newIds={newIds} onToggle={togglePick} />
      <SelectedPreview slides={slides} headingId={`${headingId}-selected`} />
      {slides.length > 0 && (
        <SlideOrder
          slides={slides}
          onSlides={setSlides}
          appending={initial !== null && existingIds.size < slides.length}
          headingId={`${headingId}-order`}
        />
      )}

      <div className="flex justify-end gap-3">
        <Dialog.Close asChild>
          <Button className={secondaryButton}>{t('admin.slideshows.cancel', 'Cancel')}</Button>
        </Dialog.Close>
        <SubmitButton pendingText={submitText}>{submitText}</SubmitButton>
      </div>
    </Form>
  );
}
