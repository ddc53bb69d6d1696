// Stands in for Unity when .ci/ffi-check runs docs/engines.md's two Unity
// samples on mono: the two UnityEngine types they use, and a player loop that
// calls a component's messages (Start, Update, OnDestroy) as Unity does.
//
// The first sample (guide_unity_start.cs, HeartsTable) gets Start and
// OnDestroy: checks that Start left the table at seat 0's turn and logged
// seat 0's legal moves and then its view, on the main thread, and that
// OnDestroy frees the table.
//
// The second (guide_unity.cs, CardGame) gets Start once and Update every
// frame on the main thread, and then the continuations posted back to that
// thread run, as Unity's UnitySynchronizationContext runs them. Seat 0 plays
// its first legal move whenever it is its turn. Checks that the game ends,
// that every bot move took frames (it was searched off the main thread, which
// went on drawing) and came back to the main thread, and that OnDestroy frees
// the table. Exits 1 on the first failure.
using System;
using System.Collections.Generic;
using System.Reflection;
using System.Threading;
using CardRules;

namespace UnityEngine
{
    /// <summary>Unity's base of components (nothing of it is used).</summary>
    public class MonoBehaviour { }

    /// <summary>Unity's console: keeps each line and the thread that logged it.</summary>
    public static class Debug
    {
        internal static readonly List<KeyValuePair<int, string>> Lines = new List<KeyValuePair<int, string>>();

        public static void Log(object message)
        {
            lock (Lines) Lines.Add(new KeyValuePair<int, string>(Thread.CurrentThread.ManagedThreadId, message.ToString()));
        }
    }
}

/// <summary>The main thread's queue of continuations, run once a frame.</summary>
sealed class MainThreadContext : SynchronizationContext
{
    private readonly Queue<Action> posted = new Queue<Action>();

    public override void Post(SendOrPostCallback callback, object state)
    {
        lock (posted) posted.Enqueue(() => callback(state));
    }

    public override void Send(SendOrPostCallback callback, object state) =>
        throw new NotSupportedException("Send");

    public void RunPosted()
    {
        while (true)
        {
            Action next;
            lock (posted)
            {
                if (posted.Count == 0) return;
                next = posted.Dequeue();
            }
            next();
        }
    }
}

public static class UnityPlayerLoop
{
    private const BindingFlags Own = BindingFlags.Instance | BindingFlags.NonPublic;

    private static void Expect(bool ok, string what)
    {
        if (!ok) throw new Exception("FAILED: " + what);
    }

    // Unity calls a component's messages by name, private or not.
    private static void Message(object component, string name) =>
        component.GetType().GetMethod(name, Own).Invoke(component, null);

    private static object Field(object component, string name) =>
        component.GetType().GetField(name, Own).GetValue(component);

    public static int Main()
    {
        int main = Thread.CurrentThread.ManagedThreadId;
        FirstSample(main);
        UnityEngine.Debug.Lines.Clear();
        SecondSample(main);
        return 0;
    }

    // HeartsTable: Start, then OnDestroy.
    private static void FirstSample(int main)
    {
        var hearts = new HeartsTable();
        Message(hearts, "Start");
        var table = (Table)Field(hearts, "table");
        Expect(table.ToAct == 0, "Start leaves the table at seat 0's turn: " + table.ToAct);
        var moves = table.LegalMoves(0);
        var lines = UnityEngine.Debug.Lines;
        Expect(moves.Count > 0 && lines.Count == moves.Count + 1,
            lines.Count + " lines logged for " + moves.Count + " moves and the view");
        Expect(lines.TrueForAll(l => l.Key == main), "logged on the main thread");
        for (int i = 0; i < moves.Count; i++)
            Expect(lines[i].Value == moves[i], "line " + i + " is move " + moves[i] + ": " + lines[i].Value);
        Expect(lines[moves.Count].Value == table.View(0), "the last line is seat 0's view: " + lines[moves.Count].Value);
        ulong played = table.LogLength;
        Message(hearts, "OnDestroy");
        Expect(Freed(table), "OnDestroy frees the table");
        Console.WriteLine("guide_unity_start.cs: seat 0 to act after {0} log entries, its {1} moves logged: {2}",
            played, moves.Count, string.Join(" ", moves));
    }

    // CardGame: Start, Update every frame to the game's end, then OnDestroy.
    private static void SecondSample(int main)
    {
        var context = new MainThreadContext();
        SynchronizationContext.SetSynchronizationContext(context);
        var game = new CardGame();
        Message(game, "Start");
        var table = (Table)Field(game, "table");
        int frames = 0, framesThinking = 0, playerMoves = 0;
        var clock = System.Diagnostics.Stopwatch.StartNew();
        while (true)
        {
            frames++;
            Expect(clock.Elapsed.TotalSeconds < 600, "the game ends within 10 minutes");
            Message(game, "Update");
            context.RunPosted();
            if ((bool)Field(game, "thinking"))
                framesThinking++;
            else if (table.ToAct is int seat)
            {
                if (seat == 0)
                {
                    game.Play(table.LegalMoves(0)[0]);
                    playerMoves++;
                }
            }
            else
                break;
            Thread.Sleep(2);   // the rest of the frame
        }
        var places = table.Outcome();
        Expect(places.Length == 3, "the game is over: " + places.Length + " places");
        var lines = UnityEngine.Debug.Lines;
        Expect(lines.Count > 0 && lines.TrueForAll(l => l.Key == main),
            "every bot move is shown on the main thread");
        Expect(lines.TrueForAll(l => l.Value.StartsWith("seat 1 played ") || l.Value.StartsWith("seat 2 played ")),
            "only the bots' seats are played by bots: " + lines[0].Value);
        // A bot move made within its Update (on the main thread) would take no
        // frame of thinking.
        Expect(framesThinking >= lines.Count,
            framesThinking + " frames drawn while " + lines.Count + " bot moves were searched");
        Message(game, "OnDestroy");
        Expect(Field(game, "table") is Table t && Freed(t), "OnDestroy frees the table");
        Console.WriteLine("guide_unity.cs: {0} hard bot moves off the main thread, {1} of seat 0, places {2}; {3} frames, {4} of them while a bot thought, {5:F1} s",
            lines.Count, playerMoves, string.Join(" ", places), frames, framesThinking, clock.Elapsed.TotalSeconds);
    }

    private static bool Freed(Table table)
    {
        try
        {
            var _ = table.ToAct;
            return false;
        }
        catch (ObjectDisposedException)
        {
            return true;
        }
    }
}
