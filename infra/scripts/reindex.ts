/**
 * `npm run reindex [-- --dry-run]`: writes the index entries the entities declare into the items
 * that lack them, builds the activities' sparkline buckets from their day items and rewrites the
 * creators' spend order of tenants whose order is not current, and announces the first status of
 * campaigns stored before announcements, and seals the secrets sealed before the token sealer's
 * purposes again with theirs (shared/db/maintenance/reindex.ts), in the table `TABLE_NAME` names (region `AWS_REGION`,
 * the stage's AWS credentials from the environment), and prints the counts per kind of item.
 */
import { config } from '../../shared/config.ts';
import { reindexTable } from '../../shared/db/maintenance/index.ts';

const dryRun = process.argv.includes('--dry-run');
console.log(
  `${dryRun ? 'Dry run: counting' : 'Writing'} missing index entries in ${config.tableName()} (${config.region()})`,
);
const counts = await reindexTable({ dryRun });
console.table(counts);
if (Object.values(counts).some((c) => c.skipped))
  console.log('Skipped items were changed while it ran; run it again to cover them.');
