/// What `--version` and `--help` print. The help names every flag and every exit code, the
/// reference a user has at hand; a test checks that it lists each flag.
extension Command {
  static let versionLine = "payment-methods \(PaymentMethodsCommand.version)"

  static let usage = """
    Usage: payment-methods [options]
           payment-methods add-card --number N --expiry MM/YY --cvc C --name NAME
               [options]
           payment-methods remove-card --id ID [options]
           payment-methods set-default (--id ID | --wallet) [options]
           payment-methods update-card --id ID --expiry MM/YY [options]

    Shows the payment-method selection screen under a scenario played by a stub
    backend, or against a real server (--backend-url). On a terminal (stdin and
    stdout both) the screen stays open: press ? for its keys. Piped, or with --json
    or --once, it renders once and exits.

    Options:
      --scenario NAME         a built-in scenario (default: all-available)
      --scenario-file PATH    a scenario read from a JSON file of at most 1 MiB
                              (format in docs/SCENARIOS.md); - reads it from
                              standard input
      --backend-url URL       talk to a real server over HTTP instead, such as one
                              scripts/scenario-server runs (docs/HTTP.md); the
                              tokens come from PAYMENTS_ACCESS_TOKEN and
                              PAYMENTS_REFRESH_TOKEN if set; runs in
                              payment-methods-http (built beside payment-methods)
      --apple-pay OUTCOME     with --backend-url: what this device says of Apple
                              Pay, available (default), needsSetup, notAvailable,
                              unexpected or interrupted
      --saved-list JSON       with --backend-url: the local copy on this device when
                              the run starts, as a scenario file's "saved" writes
                              it, such as '{"age": "2h", "cards": [...]}' or
                              '"damaged"'
      --export-scenario NAME|PATH
                              print the script a scenario plays, request by request,
                              as JSON for scripts/scenario-server, and exit (a
                              script, not a scenario file: --scenario-file does not
                              read it)
      --list-scenarios        list the built-in scenarios and exit
      --screen SCREEN         payment-methods (default) or wallet
      --deadline-ms N         how long each source may take, 1 to 600000 (default:
                              3000)
      --approval-budget-ms N  how long a card waits for its bank's approval, 1 to
                              600000 (default: 120000 with --backend-url, 5000 in a
                              scenario)
      --json                  print the final state as one JSON object
      --verbose               print the developer log on stderr
      --log-file PATH         also write the developer log to PATH (in every mode)
      --once                  render once and exit, even on a terminal
      --cache-dir DIR         keep the local copy and the journal of pending changes
                              in DIR; by default, with --backend-url, the local copy
                              in $XDG_CACHE_HOME/payment-methods (else ~/.cache/...)
                              and the journal in $XDG_STATE_HOME/payment-methods
                              (else ~/.local/state/...); a scenario keeps them in
                              memory
      --no-cache              keep nothing on this device: no local copy read or
                              written, no journal
      --no-color              never colour the output (NO_COLOR=1 does the same)
      --locale ID             the language of the screens' words and the format of
                              their amounts, such as de_DE (default: LC_ALL,
                              LC_MESSAGES or LANG; English where there is no
                              translation)
      --accessible            a plain screen for screen readers: no box, colour or
                              redraw, each change printed as new lines (ACCESSIBLE=1
                              does the same)
      --version               print the version and exit
      --help                  show this help

    add-card adds the card its four flags describe and prints the saved card, each
    field's problems, or the error; it takes --scenario, --scenario-file,
    --backend-url, --json, --verbose, --log-file, --no-color, --locale,
    --accessible, --cache-dir and --no-cache as the screens do.

    remove-card, set-default and update-card change one saved method, named by the
    id --json prints for it (card-1, wallet), and print how it ended; they take the
    same options as add-card.

    Each option may be given once; values follow a space or "=".

    Exit codes:
      0    loaded, or the empty state
      1    any other error state (an outdated app; for add-card and update-card, a
           card the issuer declined; the last way to pay kept; Apple Pay as the
           default)
      64   bad flags or an unknown scenario
      65   a scenario file that is not valid, is empty or is over 1 MiB; for
           add-card, a card whose fields have problems; for the changes, an expiry
           with problems, or an id no method has (the ones there are are printed)
      66   a scenario file that cannot be read
      69   service unavailable after the retries; or payment-methods-http, which
           runs --backend-url, is missing
      70   an unexpected error (a bug)
      71   too few files may be open at once (ulimit -n): 32 are needed
      73   the log file cannot be created
      74   the output could not be written
      75   a temporary failure: try again
      77   sign in again, or act on the account
      78   PAYMENTS_ACCESS_TOKEN or PAYMENTS_REFRESH_TOKEN is not a usable token
      129  the terminal went away (SIGHUP) while the screen was open
      130  interrupted (Ctrl-C, SIGINT) while loading, or while a change waited for
           its answer (a line on stderr says what becomes of it)
      141  the reader of the output went away (a broken pipe)
      143  terminated (SIGTERM) while loading, or while a change waited for its
           answer
    """
}
