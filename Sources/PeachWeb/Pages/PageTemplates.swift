/// The dashboard's Mustache templates. They are compiled into the binary rather than shipped as
/// resource files, so that `make install` copies one executable and nothing can be missing or out
/// of date beside it; swift-mustache parses them once at start-up. Values are HTML-escaped by
/// Mustache (`{{…}}`); nothing here is built by string concatenation in Swift.
enum PageTemplates {
    static let all: [String: String] = [
        "head": head, "foot": foot, "chart": chart, "profile": profile, "progress": progress,
        "matching": matching, "history": history, "data": data, "message": message,
    ]

    static let head = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Peach – {{title}}</title>
        <style>
        body{font-family:system-ui,sans-serif;margin:0 auto;max-width:720px;padding:0 12px;color:#222;background:#fffaf5}
        nav{display:flex;flex-wrap:wrap;gap:4px 14px;padding:10px 0;border-bottom:1px solid #eed}
        nav a{color:#a4501a;text-decoration:none}
        #live{font-size:.9em;color:#555;padding:6px 0;min-height:1.2em}
        svg{width:100%;height:auto;display:block}
        .band{fill:#f6b98a;opacity:.5}.curve{fill:none;stroke:#c0501a;stroke-width:2}
        .dot{fill:#c0501a}.axis{stroke:#bbb;stroke-width:.5}.tick{font-size:10px;fill:#666}
        .count{fill:#8aa9c9}table{border-collapse:collapse;width:100%;font-size:.9em}
        td,th{padding:3px 6px;border-bottom:1px solid #eee;text-align:left}.error{color:#a00;white-space:pre-wrap}
        </style></head><body>
        <nav><a href="/">Profile</a><a href="/progress">Progress</a><a href="/matching">Tune &amp; Match</a>
        <a href="/history">History</a><a href="/data">Data</a></nav>
        <div id="live" data-source="/events">{{live}}</div>
        <h1>{{title}}</h1>
        {{#empty}}<p class="empty">No answers yet: train with the box, and your progress appears here.</p>{{/empty}}

        """

    static let foot = """
        <script src="/live.js"></script>
        </body></html>

        """

    static let chart = """
        <svg class="chart" viewBox="0 0 {{width}} {{height}}" role="img">
        {{#ticks}}<line class="axis" x1="{{left}}" x2="{{width}}" y1="{{y}}" y2="{{y}}"/><text class="tick" x="2" y="{{y}}">{{label}} ct</text>{{/ticks}}
        <polygon class="band" points="{{band}}"/>
        <polyline class="curve" points="{{line}}"/>
        {{#dots}}<circle class="dot" cx="{{x}}" cy="{{y}}" r="2"><title>{{label}}: {{value}} ct</title></circle>{{/dots}}
        {{#columns}}<text class="tick" x="{{x}}" y="{{labelY}}" text-anchor="{{anchor}}">{{label}}</text>{{/columns}}
        </svg>

        """

    static let profile = """
        {{> head}}
        <p>The threshold is the offset you answer correctly 75 % of the time, fitted to your answers; the band is its 95 % interval.</p>
        {{#modes}}<section class="mode" id="{{mode}}"><h2>{{name}}</h2>
        {{#hasAnswers}}<p class="measured">{{measured}}; {{change}} ({{count}} answers)</p>{{/hasAnswers}}
        {{^hasAnswers}}<p>No answers yet.</p>{{/hasAnswers}}
        {{#chart}}{{> chart}}{{/chart}}
        {{#hasCounts}}<svg class="counts" viewBox="0 0 640 40" role="img"><title>answers per key</title>
        {{#counts}}<rect class="count" x="{{x}}" y="{{y}}" width="4" height="{{height}}"><title>{{note}}: {{count}}</title></rect>{{/counts}}
        </svg><p class="legend">Bars: answers per key as the reference note.</p>{{/hasCounts}}
        </section>{{/modes}}
        {{> foot}}
        """

    static let progress = """
        {{> head}}
        <p>Each point is what your profile said at the end of a session (last 24 h), day (last week), week (last 30 days) or month.</p>
        {{#modes}}<section class="mode" id="{{mode}}"><h2>{{name}}</h2>
        {{#hasAnswers}}<p class="measured">{{measured}}; {{change}}</p>{{/hasAnswers}}
        {{^hasAnswers}}<p>No answers yet.</p>{{/hasAnswers}}
        {{#chart}}{{> chart}}{{/chart}}
        {{#hasRows}}<table><tr><th>when</th><th>answers</th><th>{{#isComparison}}threshold{{/isComparison}}{{^isComparison}}mean error (ct){{/isComparison}}</th></tr>
        {{#rows}}<tr><td>{{when}} ({{size}})</td><td>{{count}}</td><td>{{#meanError}}{{meanError}}{{/meanError}}{{^meanError}}{{threshold}}{{/meanError}}</td></tr>{{/rows}}
        </table>{{/hasRows}}
        </section>{{/modes}}
        {{> foot}}
        """

    static let matching = """
        {{> head}}
        <p>Bias: + you tune sharp, − flat. Spread: how consistent your attempts are. Bands are 95 % intervals.</p>
        {{#modes}}<section class="mode" id="{{mode}}"><h2>{{name}}</h2>
        {{#hasAnswers}}<p class="measured">{{measured}}; {{change}} ({{count}} attempts)</p>{{/hasAnswers}}
        {{^hasAnswers}}<p>No attempts yet.</p>{{/hasAnswers}}
        {{#biasChart}}<h3>Bias</h3>{{> chart}}{{/biasChart}}
        {{#spreadChart}}<h3>Spread</h3>{{> chart}}{{/spreadChart}}
        {{#hasRows}}<table><tr><th>when</th><th>mean error</th><th>bias</th><th>spread</th></tr>
        {{#rows}}<tr><td>{{when}}</td><td>{{meanError}}</td><td>{{bias}}</td><td>{{spread}}</td></tr>{{/rows}}
        </table>{{/hasRows}}
        </section>{{/modes}}
        {{> foot}}
        """

    static let history = """
        {{> head}}
        <form method="get" action="/history"><select name="mode">
        {{#choices}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/choices}}
        </select> <button>Show</button></form>
        {{#hasRecords}}<table><tr><th>time</th><th>mode</th><th>notes</th><th>offset / error</th><th>result</th></tr>
        {{#records}}<tr class="answer"><td>{{time}}</td><td>{{mode}}</td><td>{{notes}}</td><td>{{cents}}</td><td>{{result}}</td></tr>{{/records}}
        </table>{{/hasRecords}}
        {{^records}}<p>No answers{{#filtered}} in this mode{{/filtered}}.</p>{{/records}}
        {{> foot}}
        """

    static let data = """
        {{> head}}
        <h2>Export</h2><p><a href="/export.csv" download="peach-export.csv">Download every answer as CSV</a> (the iOS app's format 3, the same as <code>peach export</code>).</p>
        <h2>Import</h2>
        <form method="post" action="/import" enctype="multipart/form-data">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <input type="file" name="file" accept=".csv,text/csv" required>
        <label><input type="checkbox" name="replace" value="1"> replace the whole history</label>
        <button>Import</button></form>
        <p>All or nothing: if any row is bad, every bad row is listed with its line number and nothing is imported. At most {{uploadLimit}}.</p>
        <h2>Configuration</h2><pre class="config">{{configuration}}</pre>
        {{> foot}}
        """

    static let message = """
        {{> head}}
        {{#ok}}<p class="ok">{{text}}</p>{{/ok}}{{^ok}}<p class="error">{{text}}</p>{{/ok}}
        <p><a href="/data">Back</a></p>
        {{> foot}}
        """
}
