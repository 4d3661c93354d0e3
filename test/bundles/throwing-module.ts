// Stands in for a module of a bundle that cannot load (test/bundles/built-bundles.e2e.test.ts aliases one to it).
throw new Error('broken on purpose: this module throws at import');
