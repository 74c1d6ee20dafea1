// Runs qsearch's pure wheel inside Pyodide (CPython compiled to WebAssembly) under Node.js,
// with the network switched off: Pyodide comes from node_modules, the wheels from disk.
//
//   node smoke.mjs --wheel qsearch-*-py3-none-any.whl [--wheel other.whl ...]
//                  [--script file.py] [-- arguments for the script]
//
// Each wheel is unpacked into Pyodide's site-packages, then the script (smoke_checks.py
// beside this file by default) runs as __main__ with sys.argv set. The exit code is the
// script's (SystemExit), 1 on any Python exception or loading failure.
import { readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { loadPyodide } from "pyodide";

const here = dirname(fileURLToPath(import.meta.url));

function parseArgs(argv) {
  const options = { wheels: [], script: join(here, "smoke_checks.py"), scriptArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      options.scriptArgs = argv.slice(i + 1);
      break;
    } else if (arg === "--wheel" || arg === "--script") {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a path`);
      if (arg === "--wheel") options.wheels.push(resolve(value));
      else options.script = resolve(value);
    } else {
      throw new Error(`unknown argument ${JSON.stringify(arg)} (see the top of smoke.mjs)`);
    }
  }
  if (!options.wheels.some((w) => /^qsearch-.*-py3-none-any\.whl$/.test(basename(w)))) {
    throw new Error("give qsearch's pure wheel (qsearch-*-py3-none-any.whl) with --wheel");
  }
  return options;
}

// No network: anything that tries to download (a package from Pyodide's CDN, micropip)
// fails loudly instead of quietly depending on the internet.
function forbidNetwork() {
  globalThis.fetch = async (url) => {
    throw new Error(`network access attempted in the offline smoke test: ${url}`);
  };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  forbidNetwork();
  const started = performance.now();
  const pyodide = await loadPyodide({ indexURL: dirname(fileURLToPath(import.meta.resolve("pyodide"))) });
  const version = pyodide.runPython("import sys; sys.version.split()[0]");
  console.log(`Pyodide ${pyodide.version} (Python ${version}) loaded in ` +
              `${((performance.now() - started) / 1000).toFixed(1)} s`);
  for (const wheel of options.wheels) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
    console.log(`unpacked ${basename(wheel)}`);
  }
  const scriptPath = `/home/pyodide/${basename(options.script)}`;
  pyodide.FS.writeFile(scriptPath, new Uint8Array(readFileSync(options.script)));
  pyodide.globals.set("script_path", scriptPath);
  pyodide.globals.set("script_args", pyodide.toPy(options.scriptArgs));
  const code = await pyodide.runPythonAsync(`
import importlib, runpy, sys
importlib.invalidate_caches()
sys.argv = [script_path, *script_args]
try:
    runpy.run_path(script_path, run_name="__main__")
    exit_code = 0
except SystemExit as stop:
    exit_code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
exit_code
`);
  return code;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(String(error && error.message ? error.message : error));
    process.exit(1);
  },
);
