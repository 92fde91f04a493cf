/* eslint-disable @typescript-eslint/no-require-imports -- electron-builder loads afterPack hooks as CommonJS */
// electron-builder afterPack hook: flips Electron fuses on the packaged binary
// so it cannot be used as a plain Node runtime or have code injected.
const path = require('node:path');
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');

const EXECUTABLE = {
  darwin: (ctx) => path.join(ctx.appOutDir, `${ctx.packager.appInfo.productFilename}.app`),
  win32: (ctx) => path.join(ctx.appOutDir, `${ctx.packager.appInfo.productFilename}.exe`),
  linux: (ctx) => path.join(ctx.appOutDir, ctx.packager.executableName),
};

exports.default = async function afterPack(context) {
  const platform = context.electronPlatformName;
  const target = EXECUTABLE[platform]?.(context);
  if (!target) throw new Error(`after-pack: unknown platform ${platform}`);
  await flipFuses(target, {
    version: FuseVersion.V1,
    // Ad-hoc re-sign on Apple Silicon so the changed binary still launches.
    resetAdHocDarwinSignature: platform === 'darwin' && context.arch === 3 /* arm64 */,
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.EnableCookieEncryption]: true,
  });
};
