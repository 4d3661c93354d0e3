/** Maintenance of stored items (`npm run reindex`): a room above every room whose items it rewrites. */
export * from './reindex.ts';
