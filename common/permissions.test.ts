import { describe, expect, it } from 'vitest';
import { ACTIONS, type Actor, can, canManageContent, canManageUsers, isStaff } from './permissions.ts';
import { ROLES, type Role } from './roles.ts';

const as = (role: Role, id = `id-${role}`): Actor => ({ id, role, isActive: true });

describe('the permission table (spec §6 of both documents)', () => {
  it('lets visitors browse, submit and count views, and nothing of the back-office', () => {
    for (const action of ['gallery:browse', 'submission:create', 'counter:increment'] as const) {
      expect(can(null, action)).toBe(true);
    }
    for (const action of ACTIONS.filter(
      (a) =>
        ![
          'gallery:browse',
          'media:read',
          'media:read-original',
          'slideshow:read',
          'document:read',
          'submission:create',
          'counter:increment',
          'account:register',
          'account:authenticate',
        ].includes(a),
    )) {
      expect(can(null, action), action).toBe(false);
    }
  });

  it('gives each role exactly its back-office rights', () => {
    const staffActions = ['admin:dashboard', 'activity:read'] as const;
    const contentActions = [
      'media:manage',
      'submission:review',
      'category:manage',
      'place:manage',
      'folder:manage',
      'document:manage',
      'slideshow:manage',
      'profile:update-own',
    ] as const;
    const adminActions = [
      'settings:manage',
      'user:manage',
      'user:edit-role',
      'user:deactivate',
      'user:activate',
      'user:delete',
      'translation:manage',
      'watermark:manage',
    ] as const;
    const expected: Record<Role, readonly string[]> = {
      admin: [...staffActions, ...contentActions, ...adminActions],
      editor: [...staffActions, ...contentActions],
      viewer: [...staffActions],
      public: [],
    };
    for (const role of ROLES) {
      for (const action of [...staffActions, ...contentActions, ...adminActions]) {
        expect(can(as(role), action), `${role} ${action}`).toBe(expected[role].includes(action));
      }
    }
  });

  it('matches the spec helpers isAdmin/canManageUsers/canManageContent', () => {
    expect(ROLES.filter((r) => canManageUsers(as(r)))).toEqual(['admin']);
    expect(ROLES.filter((r) => canManageContent(as(r)))).toEqual(['admin', 'editor']);
    expect(ROLES.filter((r) => isStaff(as(r)))).toEqual(['admin', 'editor', 'viewer']);
  });

  it('refuses everything that needs an account to a deactivated one', () => {
    const inactive: Actor = { id: 'x', role: 'admin', isActive: false };
    expect(can(inactive, 'admin:dashboard')).toBe(false);
    expect(can(inactive, 'contributor:dashboard')).toBe(false);
    expect(can(inactive, 'gallery:browse')).toBe(true);
  });

  it('never lets an admin deactivate, delete or demote their own account, nor the last active admin', () => {
    const admin = as('admin', 'me');
    for (const action of ['user:deactivate', 'user:delete', 'user:edit-role'] as const) {
      expect(can(admin, action, { kind: 'user', id: 'me' }), action).toBe(false);
      expect(can(admin, action, { kind: 'user', id: 'other' }), action).toBe(true);
      expect(can(admin, action, { kind: 'user', id: 'other', isLastActiveAdmin: true }), action).toBe(false);
    }
    expect(can(admin, 'user:activate', { kind: 'user', id: 'me' })).toBe(false);
    expect(can(admin, 'user:activate', { kind: 'user', id: 'other', isLastActiveAdmin: true })).toBe(true);
    expect(can(as('editor'), 'user:deactivate', { kind: 'user', id: 'other' })).toBe(false);
  });

  it('shows non-public items, slideshows and documents only to those who manage them', () => {
    const hidden = { kind: 'media', isPublic: false, mediaType: 'image' } as const;
    expect(can(null, 'media:read', hidden)).toBe(false);
    expect(can(as('public'), 'media:read', hidden)).toBe(false);
    expect(can(as('viewer'), 'media:read', hidden)).toBe(false);
    expect(can(as('editor'), 'media:read', hidden)).toBe(true);
    expect(can(null, 'media:read', { ...hidden, isPublic: true })).toBe(true);
    expect(can(null, 'slideshow:read', { kind: 'slideshow', isPublic: false })).toBe(false);
    expect(can(as('viewer'), 'slideshow:read', { kind: 'slideshow', isPublic: false })).toBe(false);
    expect(can(as('editor'), 'slideshow:read', { kind: 'slideshow', isPublic: false })).toBe(true);
    expect(can(null, 'document:read', { kind: 'document', isPublic: false })).toBe(false);
    expect(can(as('admin'), 'document:read', { kind: 'document', isPublic: false })).toBe(true);
  });

  it('keeps image originals for content staff; public video, audio and documents play from theirs', () => {
    const image = { kind: 'media', isPublic: true, mediaType: 'image' } as const;
    expect(can(null, 'media:read-original', image)).toBe(false);
    expect(can(as('viewer'), 'media:read-original', image)).toBe(false);
    expect(can(as('editor'), 'media:read-original', image)).toBe(true);
    expect(can(null, 'media:read-original', { ...image, mediaType: 'video' })).toBe(true);
    expect(can(null, 'media:read-original', { ...image, mediaType: 'video', isPublic: false })).toBe(false);
  });

  it('shows contributors only their own submissions', () => {
    const contributor = as('public', 'c1');
    expect(can(contributor, 'submission:read-own', { kind: 'submission', submittedBy: 'c1' })).toBe(true);
    expect(can(contributor, 'submission:read-own', { kind: 'submission', submittedBy: 'c2' })).toBe(false);
    expect(can(contributor, 'submission:read-own', { kind: 'submission', submittedBy: null })).toBe(false);
  });
});
