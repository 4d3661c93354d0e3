// Stands in for a module of a bundle that cannot load (test/bundles/built-bundles.e2e.test.ts aliases @middy/core to it).
throw new Error('broken on purpose: this module throws at import');
// What the importers of @middy/core import, so that the bundle builds and fails only when loaded.
export default undefined;
