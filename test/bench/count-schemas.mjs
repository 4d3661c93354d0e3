// Preloaded (`node --import`) into a process that imports one bundle: prints how many zod objects
// (schemas and checks) the import built. Zod gives each its `_zod` internals with defineProperty.
const define = Object.defineProperty;
let built = 0;
Object.defineProperty = (target, key, descriptor) => {
  if (key === '_zod') built++;
  return define(target, key, descriptor);
};
process.on('exit', () => process.stdout.write(String(built)));
