package risk

import "regexp"

// The patterns the analyser matches inside its loops, compiled once.
var (
	awkSystemRe           = regexp.MustCompile(`system\(\s*"([^"]+)"`)
	awkInetRe             = regexp.MustCompile(`/inet[46]?/(?:tcp|udp)/\d+/([^/"\s]+)/(\d+)`)
	awkGetlineRe          = regexp.MustCompile(`getline(?:\s+\w+)?\s*<\s*"([^"]+)"`)
	netCtorRe             = regexp.MustCompile(`^(http\.client\.HTTPS?Connection|socket\.socket|socket\.create_connection|smtplib\.SMTP(_SSL)?|ftplib\.FTP|net\.(connect|createConnection|Socket)|tls\.connect|http\.request|https\.request|websocket\.(create_connection|WebSocket)|websockets\.connect|WebSocket|paramiko\.SSHClient|telnetlib\.Telnet|requests\.Session|httpx\.(Client|AsyncClient)|aiohttp\.ClientSession|dgram\.createSocket|Bun\.connect|Deno\.connect)$`)
	bareShellRe           = regexp.MustCompile(`^(/bin/)?(ba|z|da)?sh$`)
	shellTailRe           = regexp.MustCompile(`(^|[\s/])(ba|z|da)?sh(\s+-i)?\s*$|cmd\.exe|powershell`)
	openModeRe            = regexp.MustCompile(`^[rwxab+tU]{1,4}$`)
	envFileCodeRe         = regexp.MustCompile(`(^|[\s;])(export\s+)?(PATH|LD_PRELOAD|DYLD_[A-Z_]+|NODE_OPTIONS|BASH_ENV|PYTHONPATH|PROMPT_COMMAND)=`)
	codeWordsRe           = regexp.MustCompile(`\b(curl|wget|bash|sh -|import |require\(|exec|eval|socket|subprocess|/dev/tcp|nc |http)`)
	cliTokenRe            = regexp.MustCompile(`auth (token|print-access-token|print-identity-token)|get-session-token|export-credentials|get-secret-value|configure get|^read |^show |kv get|account get-access-token`)
	privilegedContainerRe = regexp.MustCompile(` --privileged| --pid[= ]host| --cap-add[= ](SYS_ADMIN|ALL)| -v[= ]/:| --volume[= ]/:| --security-opt[= ](apparmor|seccomp)[=:]unconfined| --userns[= ]host`)
	systemdInstallRe      = regexp.MustCompile(`\b(enable|link|reenable|preset|edit|set-default|add-wants)\b`)
	launchdInstallRe      = regexp.MustCompile(`\b(load|bootstrap|submit|enable)\b`)
	agentNoChecksRe       = regexp.MustCompile(` --dangerously-skip-permissions | --yolo | -y | --approval-mode[= ]yolo | --dangerously-bypass-approvals-and-sandbox | --permission-mode[= ]bypassPermissions | --allow-all-tools | --allow-all | --allow-all-paths | --auto-approve | --yes-always | --skip-permissions-unsafe `)
	agentConfigRe         = regexp.MustCompile(` (mcp add|config set|plugin install|extensions install) `)
	psEncodedFlagRe       = regexp.MustCompile(`(^|\s)-(e|en|enc|enco|encod|encode|encoded|encodedc|encodedcommand)\s`)
	pythonVersionedRe     = regexp.MustCompile(`^python[0-9.]+$`)
	echoFlagsRe           = regexp.MustCompile(`^-[neE]+$`)
	socatAddressRe        = regexp.MustCompile(`(?i)(tcp[46]?|tcp-connect|udp[46]?|openssl|ssl)[:-]([^:,\s]+)(:([0-9]+))?`)
	socatExecRe           = regexp.MustCompile(`(?i)(exec|system):`)
	setuidModeRe          = regexp.MustCompile(`(^|[ugoa,]*)\+[rwx]*s|^[2467][0-7]{3}$`)
	wideModeRe            = regexp.MustCompile(`^0?[0-7]?7[0-7]7$|^0?777$|a\+[rwx]*w|o\+[rwx]*w|\+w$`)
	forceFlagRe           = regexp.MustCompile(`^-[a-z]*f`)
	envFilePreloadRe      = regexp.MustCompile(`(^|[\s;])(export\s+)?(PATH|LD_PRELOAD|LD_LIBRARY_PATH|DYLD_[A-Z_]+|NODE_OPTIONS|BASH_ENV|ENV|PYTHONPATH|PYTHONSTARTUP|PROMPT_COMMAND|PERL5OPT|RUBYOPT)=`)
	aliasRe               = regexp.MustCompile(`\balias\s`)
)
