import { resolve } from 'node:path';

/** What rolldown's chunking context tells of a module: its static imports. */
export interface ModuleGraph {
  getModuleInfo(moduleId: string): { importedIds: readonly string[] } | null;
}

/** A code-splitting group of rolldown's (output.codeSplitting.groups), named by a function of the graph. */
export interface ScreenChunkGroup {
  name: (moduleId: string, graph: ModuleGraph) => string | null;
  priority: number;
}

/** The modules a root imports statically, itself included (not what it loads lazily). */
export const staticClosure = (roots: readonly string[], graph: ModuleGraph): Set<string> => {
  const reached = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
};

export interface ScreenChunksOptions {
  /** The web workspace's folder; the module paths below are relative to it. */
  root: string;
  /** The app's code that the page's small first module fetches (React, the router, the session, i18next). */
  app: readonly string[];
  /** The lazily loaded modules of the signed-in first screen (the frame and the screen). */
  signedIn: readonly string[];
  /** The lazily loaded modules of the signed-out first screen (the login page). */
  signedOut: readonly string[];
  /** Priority of the groups; the entry's group must be above it. */
  priority: number;
  /**
   * Parts of the signed-in chunk in chunks of their own, by module path: a chunk's stylesheet is parsed
   * in one task, and a slow phone spends longer on one large stylesheet than a long task may last.
   */
  signedInApart?: readonly { name: string; test: RegExp }[];
}

/**
 * One chunk for the app's code, fetched by the page's first module, which stays small (its own modules
 * are the entry's, above these groups). Then two chunks for the signed-in first screen instead of the dozens that automatic splitting makes of
 * Cloudscape's small shared modules: each costs a round trip, six at a time over HTTP/1.1 (the local
 * server; Lighthouse simulates the same). `shared` holds what the login page needs too (so the login
 * page loads nothing more than before); `signed-in` what only the signed-in side needs. Other screens
 * that use some of it load these chunks as well.
 */
export const screenChunks = ({
  root,
  app,
  signedIn,
  signedOut,
  priority,
  signedInApart = [],
}: ScreenChunksOptions): ScreenChunkGroup[] => {
  const ids = (modules: readonly string[]) => modules.map((module) => resolve(root, module));
  // The graph is the same for every call of one build: each closure is walked once per chunking pass.
  const closures = new WeakMap<
    ModuleGraph,
    { app: Set<string>; signedIn: Set<string>; signedOut: Set<string> }
  >();
  const closuresOf = (graph: ModuleGraph) => {
    let found = closures.get(graph);
    if (!found) {
      found = {
        app: staticClosure(ids(app), graph),
        signedIn: staticClosure(ids(signedIn), graph),
        signedOut: staticClosure(ids(signedOut), graph),
      };
      closures.set(graph, found);
    }
    return found;
  };
  const onlySignedIn = (moduleId: string, graph: ModuleGraph) => {
    const { signedIn: inSignedIn, signedOut: inSignedOut } = closuresOf(graph);
    return inSignedIn.has(moduleId) && !inSignedOut.has(moduleId);
  };
  return [
    {
      priority: priority + 2,
      name: (moduleId, graph) => (closuresOf(graph).app.has(moduleId) ? 'app' : null),
    },
    {
      // Higher: its modules are taken before the signed-in group could pull them in as dependencies.
      priority: priority + 1,
      name: (moduleId, graph) => {
        const { signedIn: inSignedIn, signedOut: inSignedOut } = closuresOf(graph);
        return inSignedIn.has(moduleId) && inSignedOut.has(moduleId) ? 'shared' : null;
      },
    },
    // Each apart part a group of its own, taken before the rest of the signed-in side.
    ...signedInApart.map(({ name, test }) => ({
      priority: priority + 0.5,
      name: (moduleId: string, graph: ModuleGraph) =>
        onlySignedIn(moduleId, graph) && test.test(moduleId) ? name : null,
    })),
    {
      priority,
      name: (moduleId, graph) => (onlySignedIn(moduleId, graph) ? 'signed-in' : null),
    },
  ];
};

export interface ClosureChunkOptions {
  /** The web workspace's folder; the module paths below are relative to it. */
  root: string;
  /** The chunk's name. */
  name: string;
  /** The modules whose static closure the chunk holds (what a higher group takes stays there). */
  modules: readonly string[];
  priority: number;
}

/**
 * One chunk of what some modules import statically, themselves included: code that the page's first module
 * fetches lazily on its own (the outline's drawing), which the screens' chunks that import part of it (the
 * amounts' formats) then import, instead of pulling their chunks in.
 */
export const closureChunk = ({ root, name, modules, priority }: ClosureChunkOptions): ScreenChunkGroup => {
  const closures = new WeakMap<ModuleGraph, Set<string>>();
  return {
    priority,
    name: (moduleId, graph) => {
      let closure = closures.get(graph);
      if (!closure) {
        closure = staticClosure(
          modules.map((module) => resolve(root, module)),
          graph,
        );
        closures.set(graph, closure);
      }
      return closure.has(moduleId) ? name : null;
    },
  };
};
