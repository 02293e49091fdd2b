// `flambe library --help`: only the text, so printing it loads nothing else (electron/cli/main.ts).
export const LIBRARY_HELP = `Usage:
  flambe library list [--json] [--search Q] [--tag T] [--sort COLUMN] [--asc] [--limit N] [--library PATH]
  flambe library list --groups [--json] [--library PATH]
  flambe library import FILE... [--library PATH]
  flambe library export ID --out FILE [--bundle] [--include-secrets] [--library PATH]
  flambe library delete ID [--library PATH]

An experiment or a sweep is one group: "list --groups" lists them (ID, kind, name,
recordings, verdict or knee); "export GROUP-ID --out F.flambe" writes the group and all
its recordings as one .flambe file, which "import" brings back as the same group;
"delete GROUP-ID" deletes the group and its recordings.

A .flambe export masks values that look secret (environment variables and headers
named like *TOKEN*, *SECRET*, *PASSWORD*, *KEY*, *AUTH*, Cookie; passwords in URLs;
?token=-like query parameters; --secret=X and --password X arguments; and those
values wherever else they stand, such as a group's name) and says which on stderr;
--include-secrets keeps them. "list" masks names the same way. A file holding a
secret (masked or kept) is written 0600; the library and its side files always are.

The library is --library PATH, else $FLAMBE_LIBRARY, else the platform's data folder
(~/.local/share/flambe/library.sqlite on Linux).
`;
