/**
 * The message for an unknown input field. A tenant is one record with two names (docs/decisions.md
 * "Tenants"): a route takes it as `organizationId` or as `workspaceId`, and sending the other name
 * is the likeliest unknown field of all, so the message says which one this route takes.
 */
const OTHER_TENANT_NAME: Readonly<Record<string, string>> = {
  organizationId: 'workspaceId',
  workspaceId: 'organizationId',
};

/** `name` is the canonical (camelCase) name; `fields` the input's top-level names, when known. */
export function unknownFieldMessage(name: string, fields: ReadonlySet<string> | undefined): string {
  const tenantName = OTHER_TENANT_NAME[name];
  if (tenantName !== undefined && fields?.has(tenantName) && !fields.has(name)) {
    return `Unknown field: this route names the tenant \`${tenantName}\`.`;
  }
  return 'Unknown field.';
}
