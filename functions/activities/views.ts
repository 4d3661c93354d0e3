/** The activity record as returned (shared/db/catalogue/activity-view.ts, which the outbound events share). */
export { activityView, type ActivityView } from '../../shared/db/catalogue/index.ts';
