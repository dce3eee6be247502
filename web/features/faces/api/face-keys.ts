/** Query keys of face finding (staff only), under ['admin', 'faces']: the switch, each item's suggestions. */
export const faceKeys = {
  all: ['admin', 'faces'] as const,
  settings: () => ['admin', 'faces', 'settings'] as const,
  media: () => ['admin', 'faces', 'media'] as const,
  suggestions: (mediaId: string) => ['admin', 'faces', 'media', mediaId] as const,
};
