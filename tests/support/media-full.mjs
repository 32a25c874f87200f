// A full disk for the media store of a built server (tests/http/media-full.test.ts), loaded with
// `NODE_OPTIONS=--import`: while the file MEDIA_FULL_MARKER exists, every file write under
// MEDIA_DIR fails as the kernel's would (ENOSPC, "no space left on device"); remove the file and
// the disk has room again. Nothing else of the process is touched.
import { existsSync } from "node:fs";
import fs from "node:fs/promises";

const dir = process.env.MEDIA_DIR;
const marker = process.env.MEDIA_FULL_MARKER;
const writeFile = fs.writeFile;

fs.writeFile = function (file, ...rest) {
  if (dir && marker && typeof file === "string" && file.startsWith(dir) && existsSync(marker)) {
    const error = Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: "ENOSPC", errno: -28, syscall: "write" });
    return Promise.reject(error);
  }
  return writeFile.call(this, file, ...rest);
};
