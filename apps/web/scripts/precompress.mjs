// After `react-router build`: writes brotli (.br) and gzip (.gz) twins of every text file in
// build/client once, at the highest levels, so the server never compresses on the fly.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('../build/client/', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|xml|txt|data|webmanifest)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stats = statSync(path);
    if (stats.isDirectory()) walk(path);
    else if (COMPRESSIBLE.test(name) && stats.size >= MIN_BYTES) {
      const source = readFileSync(path);
      const br = brotliCompressSync(source, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
      });
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      files += 1;
      before += source.length;
      after += br.length;
    }
  }
}
walk(root);
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
