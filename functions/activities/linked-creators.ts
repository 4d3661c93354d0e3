/** The links of an activity named by a query (not a handler): 404 when the activity is not one of the tenant's. */
import { getActivity, linksOfActivity, type ActivityLink } from '../../shared/db/catalogue/index.ts';
import { notFound } from '../../shared/http/problem.ts';

export async function linksOfTenantActivity(tenantId: string, activityId: string): Promise<ActivityLink[]> {
  const [activity, links] = await Promise.all([
    getActivity(tenantId, activityId),
    linksOfActivity(tenantId, activityId),
  ]);
  if (!activity) throw notFound('The activity');
  return links;
}
