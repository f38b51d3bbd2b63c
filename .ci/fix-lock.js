// The registry here serves only the linux builds of platform-specific optional packages, so npm leaves the
// others out of the lock and `npm ci` then refuses it. Entries marked optional with their os/cpu are
// skipped on this platform without being fetched.
const fs = require('fs');
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const pkgs = lock.packages;
let added = 0;
for (const [p, meta] of Object.entries(pkgs)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies || {})) {
    const key = `node_modules/${name}`;
    if (pkgs[key] || pkgs[`${p}/node_modules/${name}`]) continue;
    const tail = name.split('/').pop();
    const os = [
      'android',
      'darwin',
      'freebsd',
      'linux',
      'openharmony',
      'win32',
      'netbsd',
      'openbsd',
      'sunos',
      'aix',
      'wasm32',
    ].find((o) => tail.includes(o));
    const cpu = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32', 'mips64el'].find(
      (c) => tail.includes(`-${c}`),
    );
    if (!os || !cpu) {
      console.log('skip', name);
      continue;
    }
    pkgs[key] = { version, dev: meta.dev || undefined, optional: true, os: [os], cpu: [cpu] };
    added++;
  }
}
fs.writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log('added', added);
