import { describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, ACTIVITY_RESOURCE_TYPES } from '#common/activity.ts';
import type { Translate } from '#web/app/i18n.tsx';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import {
  ACTION_TEXTS,
  actionLabel,
  actorLabel,
  RESOURCE_TYPE_TEXTS,
  resourceTypeLabel,
} from './activity-labels.ts';

const t: Translate = (key, fallback) => DEFAULT_TEXTS[key]?.en ?? fallback;

describe('the activity log’s labels', () => {
  it('label every action and resource type, each with a default text', () => {
    for (const action of ACTIVITY_ACTIONS)
      expect(DEFAULT_TEXTS[ACTION_TEXTS[action].key], action).toBeDefined();
    for (const type of ACTIVITY_RESOURCE_TYPES) {
      expect(DEFAULT_TEXTS[RESOURCE_TYPE_TEXTS[type].key], type).toBeDefined();
    }
    expect(new Set(ACTIVITY_ACTIONS.map((a) => actionLabel(a, t))).size).toBe(ACTIVITY_ACTIONS.length);
    expect(actionLabel('translation.created', t)).toBe('Translation created');
    expect(resourceTypeLabel('settings', t)).toBe('Site settings');
  });

  it('show an action this build does not know as it is', () => {
    expect(actionLabel('media.teleported', t)).toBe('media.teleported');
    expect(resourceTypeLabel('planet', t)).toBe('planet');
  });

  it('name the user by full name, else e-mail, else System', () => {
    expect(actorLabel({ id: '1', name: 'Sámal Joensen', email: 's@example.org' }, t)).toBe('Sámal Joensen');
    expect(actorLabel({ id: '1', name: '  ', email: 's@example.org' }, t)).toBe('s@example.org');
    expect(actorLabel({ id: '1', name: null, email: 's@example.org' }, t)).toBe('s@example.org');
    expect(actorLabel(null, t)).toBe('System');
  });
});
