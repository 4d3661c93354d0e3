/**
 * Every key shape of the single table, declared once per entity. Repositories build keys only
 * through these; the table's indexes are declared in `table-definition.ts`.
 *
 * | entity      | pk                 | sk                   | gsi1pk / gsi1sk                 |
 * |-------------|--------------------|----------------------|---------------------------------|
 * | user        | USER#<userId>      | PROFILE              |                                 |
 * | email claim | EMAIL#<lower>      | CLAIM                |                                 |
 * | settings    | USER#<userId>      | SETTINGS             |                                 |
 * | email change| USER#<userId>      | EMAIL_CHANGE         |                                 |
 * | membership  | TENANT#<tenantId>  | MEMBER#<userId>      | USER#<userId> / TENANT#<tenantId> |
 * | outbox email| OUTBOX             | <sentAt>#<id>        |                                 |
 */

export interface Key {
  pk: string;
  sk: string;
}

export const keys = {
  user: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  /** Uniqueness claim on an email address (case-insensitive), written in the same transaction as the user. */
  emailClaim: (email: string): Key => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'CLAIM' }),
  settings: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'SETTINGS' }),
  emailChange: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'EMAIL_CHANGE' }),

  membership: (tenantId: string, userId: string): Key => ({ pk: `TENANT#${tenantId}`, sk: `MEMBER#${userId}` }),
  membershipsOfTenant: (tenantId: string) => ({ pk: `TENANT#${tenantId}`, skPrefix: 'MEMBER#' }),
  /** gsi1: the memberships of one user, across tenants. */
  membershipByUser: (userId: string, tenantId: string) => ({ gsi1pk: `USER#${userId}`, gsi1sk: `TENANT#${tenantId}` }),

  outboxEmail: (sentAt: string, id: string): Key => ({ pk: 'OUTBOX', sk: `${sentAt}#${id}` }),
  outbox: () => ({ pk: 'OUTBOX' }),
};
