/// This build's version, as `switchyard --version` prints it and the coordinator reports it.
let version = "0.1.0"
