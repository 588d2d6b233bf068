// Entry point of the demo web app.
import { createServer } from "node:http";

const port = Number(process.env.PORT ?? 8080);

// TODO: read the greeting from the config file.
createServer((req, res) => {
  res.writeHead(200, { "content-type": "text/plain" });
  res.end("Hello from the demo project\n");
}).listen(port);
