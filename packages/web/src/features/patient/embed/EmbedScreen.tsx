export default function X() { return <main><h1>WIP</h1></main>; }
