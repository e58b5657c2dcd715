// Creates a directory and its missing parents one level at a time. Not mkdir({ recursive: true }):
// on a file system where mkdir answers ENOENT under a parent that exists (/proc), Node's recursive
// mkdir retries without end. Here each level is tried once, so the work is bounded by the path's depth.
import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** Makes `dir` and any missing parent; throws the first failure (a Node error with its code). */
export async function makeDirectory(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let at = resolve(dir); ;) {
    try {
      const info = await stat(at);
      if (!info.isDirectory()) throw Object.assign(new Error(`${at} is not a directory`), { code: 'ENOTDIR' });
      break;
    } catch (thrown) {
      if ((thrown as NodeJS.ErrnoException).code !== 'ENOENT') throw thrown;
      missing.push(at);
      const parent = dirname(at);
      if (parent === at) throw thrown;
      at = parent;
    }
  }
  for (const path of missing.reverse()) {
    await mkdir(path).catch((thrown: unknown) => {
      // Made by someone else in between: as good as made here.
      if ((thrown as NodeJS.ErrnoException).code !== 'EEXIST') throw thrown;
    });
  }
}
