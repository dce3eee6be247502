import type { Me } from '../../../common/api.ts';
import type { User } from '../../db/schema.ts';

export function presentMe(user: User): Me {
  return {
    id: user.id,
    displayId: user.display_id,
    email: user.email,
    fullName: user.full_name || null,
    role: user.role,
    isActive: user.is_active,
    createdAt: user.created_at.toISOString(),
  };
}
