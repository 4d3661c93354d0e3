/**
 * The sample data of the shared demo organization (complete-organic-signup), written once when
 * `ensureDemoTenant` creates it.
 *
 * Deliberately a no-op for now: the demo's sample creators, activities, campaigns and costs are
 * records of groups that do not exist yet, and the stored aggregate must stay the sum of real
 * records (never invented figures), so it stays at zero. Seed those records here, through their
 * repositories (which keep the aggregate), once the creators/activities/campaigns groups exist.
 */
export async function seedDemoTenant(_tenantId: string): Promise<void> {}
