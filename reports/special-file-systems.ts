// Linux file systems that look like folders but cannot hold reports: writes to them fail or mean
// something else, and Node's recursive mkdir loops without end on /proc (a run that then spun at a
// full core after its checks, deaf to SIGTERM). Matched by the f_type that statfs(2) reports.

const SPECIAL_FILE_SYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x1cd1, 'devpts'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0xf97cff8c, 'selinuxfs'],
  [0x6165676c, 'pstore'],
  [0xcafe4a11, 'bpf'],
  [0x62656570, 'configfs'],
  [0xde5e81e4, 'efivarfs'],
  [0x65735543, 'fusectl'],
  [0x42494e4d, 'binfmt_misc'],
  [0x19800202, 'mqueue'],
  [0x6e736673, 'nsfs'],
  [0x0187, 'autofs'],
  [0x67596969, 'rpc_pipefs'],
]);

/** The name of the special file system with this statfs type on Linux, or undefined for any other. */
export function specialFileSystemName(type: number, platform: NodeJS.Platform = process.platform): string | undefined {
  // The numbers are Linux's; other systems number their file systems differently.
  return platform === 'linux' ? SPECIAL_FILE_SYSTEMS.get(type) : undefined;
}
