import type { InvitationAttributes, ResourceObject } from '@darkroom/core';

export type InvitationResource = ResourceObject<'invitations', InvitationAttributes>;

/** An invitation: who is invited to which account, until when, and how the link was sent. */
export interface Invitation extends InvitationAttributes {
  id: string;
}

export function toInvitation(resource: InvitationResource): Invitation {
  return { id: resource.id, ...resource.attributes };
}

/** The invitation an answer includes (`POST /users` without a password), if any. */
export function includedInvitation(included: readonly ResourceObject[] = []): Invitation | null {
  const resource = included.find((item) => item.type === 'invitations');
  // `included` is typed loosely; the server's `invitations` resources have this shape.
  return resource ? toInvitation(resource as unknown as InvitationResource) : null;
}
