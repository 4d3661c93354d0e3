/**
 * The functions the stack deploys, read from the synthesized template (nested stacks included):
 * each one's Handler and environment as CloudFormation would create it, its bundle built with the
 * stack's own bundling (infra/build-bundles.ts, one esbuild call for all), and its environment's
 * references resolved to the local stand-ins (infra/local/stand-ins.ts).
 */
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { BuildOptions } from 'esbuild';
import { routes } from '../../functions/routes.ts';
import { type BundleEntry, buildFunctionBundles } from '../../infra/build-bundles.ts';
import type { BuiltFunction } from '../../infra/local/bundle-host.ts';
import { type LocalStandIns, templateEnvironment } from '../../infra/local/stand-ins.ts';
import { RouteFunction } from '../../infra/route-function.ts';
import type { ServiceStack } from '../../infra/stack.ts';

const ROOT = join(import.meta.dirname, '../..');
const ROUTE_KEYS = new Set([...routes.map((route) => route.key), '$default']);

/** A function as the template declares it, before its bundle is built and its environment resolved. */
export interface DeployedFunction {
  name: string;
  routeKey: string | undefined;
  handlerModule: string;
  assetFiles: readonly string[];
  /** The template's `Handler`. */
  handler: string;
  /** The template's `Environment.Variables`: strings, or references to the stack's resources. */
  variables: Record<string, unknown>;
}

/**
 * Every AWS::Lambda::Function of the stack and its nested stacks. Each must be a RouteFunction (the
 * stack's one kind of function, whose bundling this test reproduces): any other fails here.
 */
export function deployedFunctions({
  stack,
  templates,
}: {
  stack: ServiceStack;
  templates: Template[];
}): DeployedFunction[] {
  const byResource = new Map<string, RouteFunction>();
  for (const construct of stack.node.findAll()) {
    if (!(construct instanceof RouteFunction)) continue;
    const cfn = construct.node.defaultChild as CfnFunction;
    byResource.set(`${Stack.of(construct).node.path}/${Stack.of(construct).resolve(cfn.logicalId)}`, construct);
  }
  const functions: DeployedFunction[] = [];
  // test/infra/synth.ts's templates: the main stack's, then each route group's.
  for (const [i, scope] of [stack, ...stack.routeGroups].entries()) {
    const resources = (
      templates[i]!.toJSON() as { Resources: Record<string, { Type: string; Properties: Record<string, any> }> }
    ).Resources;
    for (const [logicalId, resource] of Object.entries(resources)) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const name = `${scope.node.path}/${logicalId}`;
      const fn = byResource.get(name);
      if (!fn)
        throw new Error(
          `${name} is a Lambda function that is not a RouteFunction: this test cannot build it as the stack would`,
        );
      const description = resource.Properties.Description as string | undefined;
      functions.push({
        name,
        routeKey: description && ROUTE_KEYS.has(description) ? description : undefined,
        handlerModule: fn.handlerModule,
        assetFiles: fn.assetFiles,
        handler: resource.Properties.Handler as string,
        variables: (resource.Properties.Environment?.Variables ?? {}) as Record<string, unknown>,
      });
    }
  }
  return functions;
}

/**
 * Builds one bundle per handler module (functions of one module get the same bundle: the stack's
 * esbuild run is the same for each) into `outDir/<module>/`, as each function's asset directory.
 */
export async function buildDeployed(
  functions: readonly DeployedFunction[],
  outDir: string,
  overrides?: BuildOptions,
): Promise<Map<string, string>> {
  const entries: Record<string, BundleEntry> = {};
  for (const fn of functions)
    entries[fn.handlerModule] ??= {
      entry: join(ROOT, 'functions', `${fn.handlerModule}.ts`),
      assetFiles: fn.assetFiles,
    };
  const { files } = await buildFunctionBundles(entries, outDir, { root: ROOT, ...(overrides ? { overrides } : {}) });
  return new Map(Object.entries(files).map(([module, file]) => [module, join(file, '..')]));
}

/** Each function with its asset directory and its environment resolved to the local stand-ins. */
export function resolveFunctions(
  functions: readonly DeployedFunction[],
  assetDirs: Map<string, string>,
  standIns: LocalStandIns,
): BuiltFunction[] {
  return functions.map((fn) => ({
    name: fn.name,
    routeKey: fn.routeKey,
    handler: fn.handler,
    assetDir: assetDirs.get(fn.handlerModule)!,
    environment: templateEnvironment(fn.name, fn.variables, standIns),
  }));
}
